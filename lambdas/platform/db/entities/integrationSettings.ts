/**
 * Integrations settings entity (spec section 3 "Integrations settings", the AI provider and Gmail
 * part; social connections are a later issue): one item per brand under `user#<sub>`, sort key
 * `settings#integrations`. Each secret is stored only sealed (`<field>Sealed`, an AWS Encryption
 * SDK message bound to tenant and field) with its last characters (`<field>Hint`) for the mask;
 * '' in both means "not configured".
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { AI_PROVIDER_CHOICES, TABLE_SCHEMA } from '@director-ia/shared';
import { Entity, type EntityItem } from '../electrodb';
import { documentClient, tableName } from '../client';

function createIntegrationSettingsEntity() {
  return new Entity(
    {
      model: { entity: 'integrationSettings', version: '1', service: 'director' },
      attributes: {
        uid: { type: 'string', required: true, readOnly: true },
        aiProvider: { type: AI_PROVIDER_CHOICES },
        openaiBaseUrl: { type: 'string' },
        openaiModel: { type: 'string' },
        openaiApiKeySealed: { type: 'string' },
        openaiApiKeyHint: { type: 'string' },
        geminiApiKeySealed: { type: 'string' },
        geminiApiKeyHint: { type: 'string' },
        imagenApiKeySealed: { type: 'string' },
        imagenApiKeyHint: { type: 'string' },
        gmailAddress: { type: 'string' },
        gmailAppPasswordSealed: { type: 'string' },
        gmailAppPasswordHint: { type: 'string' },
        /** ISO 8601, set by the server on every save. */
        lastUpdated: { type: 'string', required: true },
      },
      indexes: {
        byUser: {
          pk: { field: TABLE_SCHEMA.partitionKey, composite: ['uid'], template: 'user#${uid}', casing: 'none' },
          sk: { field: TABLE_SCHEMA.sortKey, composite: [], template: 'settings#integrations', casing: 'none' },
        },
      },
    },
    { client: documentClient, table: tableName() },
  );
}

export type IntegrationSettingsEntity = ReturnType<typeof createIntegrationSettingsEntity>;

let entity: IntegrationSettingsEntity | undefined;
/** The process-wide integrations settings entity (created on first use). */
export function integrationSettings(): IntegrationSettingsEntity {
  entity ??= createIntegrationSettingsEntity();
  return entity;
}
export type IntegrationSettingsItem = EntityItem<IntegrationSettingsEntity>;

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
