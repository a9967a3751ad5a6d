/**
 * Spec 2 'Constructor de IA': brand name, brand personality, target audience, keywords and topics
 * to avoid; 'Guardar Configuración' → 'Configuración de IA guardada!'. The AI carries these in
 * every prompt. Saved values load back after a reload; lastUpdated comes from the server.
 * Issue 13 item 1: the brand's 'Zona horaria' (IANA id, default Europe/Madrid), a select of Spain's
 * and Latin America's zones first, then every other zone the browser knows; the times of the
 * posts in the Plan de Contenidos are wall-clock times in it.
 * Issue 18: the brand's 'Color principal' and 'Color de acento' ('#rrggbb'), the colours composed
 * videos burn their captions in.
 * Issue 16 finding 2: a "Límites de hoy" card says what is left of each daily quota ("Hoy te quedan: …").
 */
import { useMemo, useState, type FormEvent } from 'react';
import { AI_SETTINGS_LABELS, AI_SETTINGS_LIMITS, BRAND_COLOR_LABELS, SETTINGS_MSG, TIME_MSG, timeZoneGroups, timeZoneLabel, type AiSettings, type AiSettingsField } from '@director-ia/shared';
import { ColorField, FormCard, QuotaCard, SaveBar, SettingsPage, TextAreaField, TextField, fieldStyles, useAiSettings, useSaveAiSettings } from '../../features/settings';

export default function IaConfigPage() {
  return (
    <SettingsPage
      pageKey="ia_config"
      fallbackTitle="Constructor de IA"
      subtitle="Enseña a tu IA quién es tu marca: lo tendrá en cuenta en todo lo que escriba, diseñe o responda."
      query={useAiSettings()}
      form={(data) => (
        <>
          <AiSettingsForm initial={data} />
          <QuotaCard />
        </>
      )}
    />
  );
}

type Fields = Omit<AiSettings, 'lastUpdated'>;

/** One text field of the form: a one-line input, or a text area of `rows` lines. */
interface FieldSpec {
  field: AiSettingsField;
  placeholder: string;
  rows?: number;
  hint?: string;
}

const IDENTITY_FIELDS: FieldSpec[] = [
  { field: 'brandName', placeholder: 'Ej.: Café Ñandú' },
  { field: 'brandPersonality', placeholder: 'Ej.: cercana, experta y con un toque de humor; tutea al cliente.', rows: 5 },
];

const AUDIENCE_FIELDS: FieldSpec[] = [
  { field: 'targetAudience', placeholder: 'Ej.: amantes del café de especialidad de 25 a 45 años en Madrid.', rows: 3 },
  { field: 'keywords', placeholder: 'Ej.: café de especialidad, tostado artesanal, barista', hint: 'Sepáralas con comas.' },
  { field: 'topicsToAvoid', placeholder: 'Ej.: política, competidores, precios de otros locales.', rows: 3, hint: 'La IA no tratará estos temas en ningún contenido.' },
];

function AiSettingsForm({ initial }: { initial: AiSettings }) {
  const [values, setValues] = useState<Fields>(() => {
    const { lastUpdated: _lastUpdated, ...fields } = initial;
    return fields;
  });
  const save = useSaveAiSettings();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(values);
  };

  const input = ({ field, placeholder, rows, hint }: FieldSpec) => {
    const common = {
      id: `ia-${field}`,
      label: AI_SETTINGS_LABELS[field],
      value: values[field],
      onValue: (value: string) => setValues((current) => ({ ...current, [field]: value })),
      maxLength: AI_SETTINGS_LIMITS[field],
      placeholder,
      hint,
    };
    return rows === undefined ? <TextField key={field} {...common} /> : <TextAreaField key={field} {...common} rows={rows} />;
  };

  return (
    <form className={fieldStyles.form} onSubmit={onSubmit} aria-label="Constructor de IA">
      <FormCard title="Identidad de la marca" icon="sparkles" description="Cómo se llama tu marca y cómo habla.">
        {IDENTITY_FIELDS.map(input)}
      </FormCard>
      <FormCard title="Público y temas" icon="users" description="A quién se dirige y de qué debe (y no debe) hablar.">
        {AUDIENCE_FIELDS.map(input)}
      </FormCard>
      <FormCard title="Colores de la marca" icon="palette" description="Los vídeos que crees en el Taller llevan los textos en pantalla con los colores de tu marca.">
        <ColorField id="ia-primaryColor" label={BRAND_COLOR_LABELS.primaryColor} value={values.primaryColor} onValue={(primaryColor) => setValues((current) => ({ ...current, primaryColor }))} />
        <ColorField id="ia-accentColor" label={BRAND_COLOR_LABELS.accentColor} value={values.accentColor} onValue={(accentColor) => setValues((current) => ({ ...current, accentColor }))} hint="Escribe el color como #rrggbb o elígelo en el selector." />
      </FormCard>
      <FormCard title="Horario de publicación" icon="hourglass" description="Dónde está tu marca: las horas de tus publicaciones son horas de esta zona.">
        <TimeZoneField value={values.timeZone} initial={initial.timeZone} onValue={(timeZone) => setValues((current) => ({ ...current, timeZone }))} />
      </FormCard>
      <SaveBar busy={save.isPending} label={SETTINGS_MSG.saveAiSettings} lastUpdated={initial.lastUpdated} />
    </form>
  );
}

/** 'Zona horaria': Spain, Latin America, then the rest (shared/time.ts `timeZoneGroups`); the stored zone is always an option. */
function TimeZoneField({ value, initial, onValue }: { value: string; initial: string; onValue: (value: string) => void }) {
  const groups = useMemo(() => timeZoneGroups(initial), [initial]);
  return (
    <div className={fieldStyles.field}>
      <label htmlFor="ia-timeZone" className={fieldStyles.label}>
        {TIME_MSG.timeZoneLabel}
      </label>
      <select id="ia-timeZone" className={fieldStyles.select} value={value} onChange={(e) => onValue(e.target.value)} aria-describedby="ia-timeZone-hint">
        {groups.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.options.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <p id="ia-timeZone-hint" className={fieldStyles.hint}>
        Las horas de tus publicaciones son de esta zona: {timeZoneLabel(value)}. El cambio al horario de verano se aplica solo.
      </p>
    </div>
  );
}
