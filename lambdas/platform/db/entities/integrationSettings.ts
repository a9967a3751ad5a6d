/**
 * Integrations settings entity (spec section 3 "Integrations settings", the AI provider and Gmail
 * part; social connections are a later issue): one item per brand under `user#<sub>`, sort key
 * `settings#integrations`. Each secret is stored only sealed (`<field>Sealed`, an AWS Encryption
 * SDK message bound to tenant and field) with its last characters (`<field>Hint`) for the mask;
 * '' in both means "not configured".
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { AI_PROVIDER_CHOICES } from '@director-ia/shared';
import { documentClient } from '../client';
import { defineEntity, type ItemOf, LAST_UPDATED, model, optional, sealedSecret, TENANT, tenantIndex } from '../schema';

/** The process-wide integrations settings entity (created on first use). */
export const integrationSettings = defineEntity({
  model: model('integrationSettings'),
  attributes: {
    ...TENANT,
    aiProvider: optional(AI_PROVIDER_CHOICES),
    openaiBaseUrl: optional('string'),
    openaiModel: optional('string'),
    ...sealedSecret('openaiApiKey'),
    ...sealedSecret('geminiApiKey'),
    ...sealedSecret('imagenApiKey'),
    gmailAddress: optional('string'),
    ...sealedSecret('gmailAppPassword'),
    ...LAST_UPDATED,
  },
  indexes: { byUser: tenantIndex('settings#integrations') },
});

export type IntegrationSettingsItem = ItemOf<typeof integrationSettings>;

/**
 * The `connected` flag of each of `networks` in `uid`'s integrations item, `{<network>: {connected}}`
 * (undefined without an item). One GetItem projecting only those flags, so no token or secret of a
 * social connection is ever read; the entity does not model these entries (a later issue), so this
 * is a plain GetItem on the entity's own key.
 */
export async function readNetworkConnections(uid: string, networks: readonly string[]): Promise<Record<string, unknown> | undefined> {
  const names = Object.fromEntries(networks.map((n, i) => [`#n${i}`, n]));
  const { Key, TableName } = integrationSettings().get({ uid }).params() as { Key: Record<string, string>; TableName: string };
  const { Item } = await documentClient.send(
    new GetCommand({ TableName, Key, ProjectionExpression: networks.map((_, i) => `#n${i}.connected`).join(', '), ExpressionAttributeNames: names }),
  );
  return Item;
}
