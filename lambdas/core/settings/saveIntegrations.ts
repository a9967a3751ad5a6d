/**
 * Integraciones, the write side (issue 3 item 2): merges the form into the stored settings.
 * A secret omitted from the save keeps its stored value; null removes it; a new value is sealed
 * (AWS Encryption SDK, context = tenant + field) before it reaches the table, and only its last
 * characters are kept in clear for the mask. The result is the browser's view, never a secret.
 * A new OpenAI-compatible base URL must point at a public address (issue 12 item 5, SSRF): an
 * IP literal or a name resolving to a loopback, private, link-local or metadata address is
 * refused unless its origin is in the deployment allowlist (OUTBOUND_ALLOWED_ORIGINS); the HTTP
 * client refuses the same again at call time.
 */
import { secretHint, SECRET_FIELDS, type Integrations, type IntegrationsInput, type SecretField } from '@director-ia/shared';
import { integrationSettings, type IntegrationSettingsItem } from '../../platform/db/entities/integrationSettings';
import { InvalidInputError } from '../../platform/errors';
import { checkUrl, DestinationRefusedError } from '../../platform/http';
import { sealSecret } from '../../platform/secrets/lazy';
import type { Caller } from '../accounts/profiles';
import { hasSecret, integrationsView, readIntegrationsItem } from './integrations';

type Changes = Partial<Omit<IntegrationSettingsItem, 'uid'>>;

/** The refusal of a base URL whose destination is not public (INVALID_ARGUMENT). */
export const BASE_URL_NOT_PUBLIC = 'La URL base no puede apuntar a una dirección local, privada o de metadatos.';

/** Saves the caller's integrations; bad input (including a provider missing what it needs) changes nothing. */
export async function saveIntegrations(caller: Pick<Caller, 'sub'>, input: IntegrationsInput, now = new Date()): Promise<Integrations> {
  const current = await readIntegrationsItem(caller.sub);
  checkProviderRequirements(current, input);
  if (input.openaiBaseUrl) await checkBaseUrl(input.openaiBaseUrl);

  const changes: Changes = {};
  if (input.aiProvider !== undefined) changes.aiProvider = input.aiProvider;
  if (input.openaiBaseUrl !== undefined) changes.openaiBaseUrl = input.openaiBaseUrl;
  if (input.openaiModel !== undefined) changes.openaiModel = input.openaiModel;
  if (input.gmailAddress !== undefined) changes.gmailAddress = input.gmailAddress;
  await Promise.all(
    SECRET_FIELDS.map(async (field) => {
      const value = input[field];
      if (value === undefined) return;
      const sealed = value === null ? '' : await sealSecret(value, { tenant: caller.sub, field });
      Object.assign(changes, { [`${field}Sealed`]: sealed, [`${field}Hint`]: value === null ? '' : secretHint(value) });
    }),
  );

  const { data } = await integrationSettings()
    .upsert({ uid: caller.sub, ...changes, lastUpdated: now.toISOString() })
    .go({ response: 'all_new' });
  return integrationsView(data);
}

/** What a provider needs, judged on the settings as they would be after this save. */
function checkProviderRequirements(current: IntegrationSettingsItem | null, input: IntegrationsInput): void {
  const provider = input.aiProvider ?? current?.aiProvider ?? 'default';
  const willHave = (field: SecretField) => (input[field] === undefined ? hasSecret(current, field) : input[field] !== null);
  if (provider === 'openai-compatible') {
    const baseUrl = input.openaiBaseUrl ?? current?.openaiBaseUrl ?? '';
    const model = input.openaiModel ?? current?.openaiModel ?? '';
    if (!baseUrl || !model) {
      throw new InvalidInputError('Para usar un servidor compatible con OpenAI, indica su URL base y el modelo.');
    }
  }
  if (provider === 'gemini' && !willHave('geminiApiKey')) {
    throw new InvalidInputError('Para usar Gemini, añade tu clave de API de Gemini.');
  }
}

/**
 * Throws InvalidInputError(BASE_URL_NOT_PUBLIC) if `url`'s destination is not public (see the
 * module header). The contract's schema has already refused what is not an http(s) URL.
 */
async function checkBaseUrl(url: string): Promise<void> {
  try {
    await checkUrl(url);
  } catch (error) {
    if (error instanceof DestinationRefusedError) throw new InvalidInputError(BASE_URL_NOT_PUBLIC);
    throw error;
  }
}
