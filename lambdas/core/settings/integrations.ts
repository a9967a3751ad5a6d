/**
 * Integraciones y Conexiones (spec sections 2, 3; issue 3 item 2), the read side: the brand's AI
 * provider choice and Gmail connection as the browser may see them. Secrets are reported only as
 * `{configured, mask}` from the stored hint: reading never opens a sealed value (no KMS call).
 */
import { EMPTY_INTEGRATIONS, maskFromHint, SECRET_FIELDS, type Integrations, type SecretField, type SecretStatus } from '@director-ia/shared';
import { integrationSettings, type IntegrationSettingsItem } from '../../platform/db/entities/integrationSettings';
import type { Caller } from '../accounts/profiles';

type StoredSecrets = Partial<Pick<IntegrationSettingsItem, `${SecretField}Sealed` | `${SecretField}Hint`>>;

/** Whether a stored item holds a sealed value for `field`. */
export function hasSecret(item: StoredSecrets | null | undefined, field: SecretField): boolean {
  return Boolean(item?.[`${field}Sealed`]);
}

function secretStatus(item: StoredSecrets | null | undefined, field: SecretField): SecretStatus {
  return hasSecret(item, field) ? { configured: true, mask: maskFromHint(item?.[`${field}Hint`] ?? '') } : { configured: false, mask: null };
}

/** The browser's view of a stored item (no sealed value in it). */
export function integrationsView(item: Partial<IntegrationSettingsItem> | null | undefined): Integrations {
  if (!item) return structuredClone(EMPTY_INTEGRATIONS);
  const secrets = Object.fromEntries(SECRET_FIELDS.map((field) => [field, secretStatus(item, field)])) as Record<SecretField, SecretStatus>;
  return {
    aiProvider: item.aiProvider ?? 'default',
    openaiBaseUrl: item.openaiBaseUrl ?? '',
    openaiModel: item.openaiModel ?? '',
    gmailAddress: item.gmailAddress ?? '',
    ...secrets,
    lastUpdated: item.lastUpdated ?? null,
  };
}

/** The stored integrations item of a brand, or null. */
export async function readIntegrationsItem(sub: string): Promise<IntegrationSettingsItem | null> {
  const { data } = await integrationSettings().get({ uid: sub }).go();
  return data ?? null;
}

/** The caller's integrations as the browser sees them. */
export async function readIntegrations(caller: Pick<Caller, 'sub'>): Promise<Integrations> {
  return integrationsView(await readIntegrationsItem(caller.sub));
}
