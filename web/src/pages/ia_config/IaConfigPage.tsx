/**
 * Spec 2 'Constructor de IA': brand name, brand personality, target audience, keywords and topics
 * to avoid; 'Guardar Configuración' → 'Configuración de IA guardada!'. The AI carries these in
 * every prompt. Saved values load back after a reload; lastUpdated comes from the server.
 */
import { useState, type FormEvent } from 'react';
import { AI_SETTINGS_LABELS, AI_SETTINGS_LIMITS, SETTINGS_MSG, type AiSettings } from '@director-ia/shared';
import { FormCard, SaveBar, SettingsPage, TextAreaField, TextField, fieldStyles, useAiSettings, useSaveAiSettings } from '../../features/settings';

export default function IaConfigPage() {
  return (
    <SettingsPage
      pageKey="ia_config"
      fallbackTitle="Constructor de IA"
      subtitle="Enseña a tu IA quién es tu marca: lo tendrá en cuenta en todo lo que escriba, diseñe o responda."
      query={useAiSettings()}
      form={(data) => <AiSettingsForm initial={data} />}
    />
  );
}

type Fields = Omit<AiSettings, 'lastUpdated'>;

/** One field of the form: a one-line input, or a text area of `rows` lines. */
interface FieldSpec {
  field: keyof Fields;
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
      <SaveBar busy={save.isPending} label={SETTINGS_MSG.saveAiSettings} lastUpdated={initial.lastUpdated} />
    </form>
  );
}
