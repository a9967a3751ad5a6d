/**
 * Spec 2 'Integraciones y Conexiones': the brand's AI provider (the service's own, Amazon Bedrock,
 * an OpenAI-compatible endpoint, or Google Gemini/Imagen with the owner's keys) and the Gmail
 * connection; 'Guardar Conexiones' → 'Configuración de integraciones guardada!'. Stored secrets
 * are never shown: only "Configurada" and a mask of their last 4 characters. Leaving a secret
 * empty keeps it; "Borrar" removes it. Below, "Mis datos" (issue 17 item 2): export, conversation
 * retention and account deletion (features/dataRights).
 */
import { useState, type FormEvent } from 'react';
import { SETTINGS_MSG, type AiProviderChoice, type Integrations, type SecretField as SecretName } from '@director-ia/shared';
import { MyDataPanel } from '../../features/dataRights';
import { Choice, FormCard, SaveBar, SecretField, SettingsPage, TextField, fieldStyles, secretPayload, useIntegrations, useSaveIntegrations, type SecretEdit } from '../../features/settings';

const PROVIDERS: { id: AiProviderChoice; title: string; text: string }[] = [
  { id: 'default', title: 'IA del servicio', text: 'El proveedor que tiene configurado este despliegue. No necesitas claves.' },
  { id: 'bedrock', title: 'Amazon Bedrock', text: 'Modelos de Bedrock de la cuenta de AWS del despliegue (solo en AWS).' },
  { id: 'openai-compatible', title: 'Compatible con OpenAI', text: 'Cualquier servidor con la API de OpenAI, también modelos propios (Ollama, vLLM...).' },
  { id: 'gemini', title: 'Google Gemini', text: 'Gemini para texto e Imagen para imágenes, con tus claves de Google.' },
];

export default function IntegracionesPage() {
  return (
    <SettingsPage
      pageKey="integraciones"
      fallbackTitle="Integraciones y Conexiones"
      subtitle="Elige qué IA genera tu contenido y conecta tu correo. Las claves se guardan cifradas y nunca se vuelven a mostrar."
      query={useIntegrations()}
      form={(data) => (
        <>
          <IntegrationsForm initial={data} />
          <h2 className={fieldStyles.sectionTitle}>Mis datos</h2>
          <MyDataPanel />
        </>
      )}
    />
  );
}

const KEEP: SecretEdit = { kind: 'keep' };

function IntegrationsForm({ initial }: { initial: Integrations }) {
  const [aiProvider, setAiProvider] = useState(initial.aiProvider);
  const [openaiBaseUrl, setOpenaiBaseUrl] = useState(initial.openaiBaseUrl);
  const [openaiModel, setOpenaiModel] = useState(initial.openaiModel);
  const [gmailAddress, setGmailAddress] = useState(initial.gmailAddress);
  const [secrets, setSecrets] = useState<Record<SecretName, SecretEdit>>({ openaiApiKey: KEEP, geminiApiKey: KEEP, imagenApiKey: KEEP, gmailAppPassword: KEEP });
  const save = useSaveIntegrations();

  const secret = (name: SecretName, id: string, label: string, hint?: string) => (
    <SecretField id={id} label={label} status={initial[name]} edit={secrets[name]} onEdit={(edit) => setSecrets((current) => ({ ...current, [name]: edit }))} hint={hint} />
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const payload: Record<string, unknown> = { aiProvider, openaiBaseUrl, openaiModel, gmailAddress };
    for (const [name, edit] of Object.entries(secrets)) {
      const value = secretPayload(edit);
      if (value !== undefined) payload[name] = value;
    }
    save.mutate(payload);
  };

  return (
    <form className={fieldStyles.form} onSubmit={onSubmit} aria-label="Integraciones y Conexiones" autoComplete="off">
      <FormCard title="Proveedor de IA generativa" icon="sparkles" description="Quién escribe los textos y crea las imágenes de tu marca.">
        <fieldset className={fieldStyles.choices}>
          <legend className="visually-hidden">Proveedor de IA</legend>
          {PROVIDERS.map((provider) => (
            <Choice key={provider.id} name="aiProvider" value={provider.id} checked={aiProvider === provider.id} onSelect={() => setAiProvider(provider.id)} title={provider.title} text={provider.text} />
          ))}
        </fieldset>
      </FormCard>

      <FormCard title="Servidor compatible con OpenAI" icon="tools" description="Se usa cuando eliges «Compatible con OpenAI». La clave es opcional en servidores propios.">
        <div className={fieldStyles.grid}>
          <TextField id="int-openaiBaseUrl" label="URL base" type="url" value={openaiBaseUrl} onValue={setOpenaiBaseUrl} maxLength={500} placeholder="https://api.openai.com/v1" />
          <TextField id="int-openaiModel" label="Modelo" value={openaiModel} onValue={setOpenaiModel} maxLength={200} placeholder="Ej.: gpt-4o-mini, llama3.1" />
        </div>
        {secret('openaiApiKey', 'int-openaiApiKey', 'Clave de API')}
      </FormCard>

      <FormCard title="Google Gemini e Imagen" icon="palette" description="Se usan cuando eliges «Google Gemini». Consíguelas en Google AI Studio.">
        <div className={fieldStyles.grid}>
          {secret('geminiApiKey', 'int-geminiApiKey', 'Clave de API de Gemini')}
          {secret('imagenApiKey', 'int-imagenApiKey', 'Clave de API de Imagen', 'Opcional: la clave de Imagen, si es distinta de la de Gemini.')}
        </div>
      </FormCard>

      <FormCard title="Gmail" icon="chat" description="Para que la IA envíe correos desde tu cuenta. Usa una contraseña de aplicación de Google, no tu contraseña.">
        <div className={fieldStyles.grid}>
          <TextField id="int-gmailAddress" label="Correo de Gmail" type="email" value={gmailAddress} onValue={setGmailAddress} maxLength={254} placeholder="tumarca@gmail.com" />
          {secret('gmailAppPassword', 'int-gmailAppPassword', 'Contraseña de aplicación', 'Las 16 letras que te da Google; los espacios no importan.')}
        </div>
      </FormCard>

      <SaveBar busy={save.isPending} label={SETTINGS_MSG.saveIntegrations} lastUpdated={initial.lastUpdated} />
    </form>
  );
}
