/**
 * Spec 2 'Constructor de IA': brand name, brand personality, target audience, keywords and topics
 * to avoid; 'Guardar Configuración' → 'Configuración de IA guardada!'. The AI carries these in
 * every prompt. Saved values load back after a reload; lastUpdated comes from the server.
 */
import { useState, type FormEvent } from 'react';
import { AI_SETTINGS_LABELS, AI_SETTINGS_LIMITS, PAGES, SETTINGS_MSG, type AiSettings } from '@director-ia/shared';
import { FormCard, QueryBoundary, SaveBar, TextAreaField, TextField, fieldStyles } from '../../features/settings/Fields';
import { useAiSettings } from '../../features/settings/useAiSettings';
import { useSaveAiSettings } from '../../features/settings/useSaveAiSettings';
import { PageHeader } from '../../ui/PageHeader';

const page = PAGES.find((p) => p.key === 'ia_config');

export default function IaConfigPage() {
  const settings = useAiSettings();
  return (
    <>
      <PageHeader
        title={page?.title ?? 'Constructor de IA'}
        eyebrow={page?.label}
        subtitle="Enseña a tu IA quién es tu marca: lo tendrá en cuenta en todo lo que escriba, diseñe o responda."
      />
      {/* Re-mounted after each save so the form shows exactly what the server stored. */}
      <QueryBoundary query={settings}>{(data) => <AiSettingsForm key={data.lastUpdated ?? 'new'} initial={data} />}</QueryBoundary>
    </>
  );
}

type Fields = Omit<AiSettings, 'lastUpdated'>;

function AiSettingsForm({ initial }: { initial: AiSettings }) {
  const [values, setValues] = useState<Fields>(() => {
    const { lastUpdated: _lastUpdated, ...fields } = initial;
    return fields;
  });
  const save = useSaveAiSettings();
  const set = (field: keyof Fields) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(values);
  };

  return (
    <form className={fieldStyles.form} onSubmit={onSubmit} aria-label="Constructor de IA">
      <FormCard title="Identidad de la marca" icon="sparkles" description="Cómo se llama tu marca y cómo habla.">
        <TextField
          id="ia-brandName"
          label={AI_SETTINGS_LABELS.brandName}
          value={values.brandName}
          onValue={set('brandName')}
          maxLength={AI_SETTINGS_LIMITS.brandName}
          placeholder="Ej.: Café Ñandú"
        />
        <TextAreaField
          id="ia-brandPersonality"
          label={AI_SETTINGS_LABELS.brandPersonality}
          value={values.brandPersonality}
          onValue={set('brandPersonality')}
          maxLength={AI_SETTINGS_LIMITS.brandPersonality}
          placeholder="Ej.: cercana, experta y con un toque de humor; tutea al cliente."
          rows={5}
        />
      </FormCard>
      <FormCard title="Público y temas" icon="users" description="A quién se dirige y de qué debe (y no debe) hablar.">
        <TextAreaField
          id="ia-targetAudience"
          label={AI_SETTINGS_LABELS.targetAudience}
          value={values.targetAudience}
          onValue={set('targetAudience')}
          maxLength={AI_SETTINGS_LIMITS.targetAudience}
          placeholder="Ej.: amantes del café de especialidad de 25 a 45 años en Madrid."
          rows={3}
        />
        <TextField
          id="ia-keywords"
          label={AI_SETTINGS_LABELS.keywords}
          value={values.keywords}
          onValue={set('keywords')}
          maxLength={AI_SETTINGS_LIMITS.keywords}
          placeholder="Ej.: café de especialidad, tostado artesanal, barista"
          hint="Sepáralas con comas."
        />
        <TextAreaField
          id="ia-topicsToAvoid"
          label={AI_SETTINGS_LABELS.topicsToAvoid}
          value={values.topicsToAvoid}
          onValue={set('topicsToAvoid')}
          maxLength={AI_SETTINGS_LIMITS.topicsToAvoid}
          placeholder="Ej.: política, competidores, precios de otros locales."
          rows={3}
          hint="La IA no tratará estos temas en ningún contenido."
        />
      </FormCard>
      <SaveBar busy={save.isPending} label={SETTINGS_MSG.saveAiSettings} lastUpdated={initial.lastUpdated} />
    </form>
  );
}
