/**
 * Integrations settings entity (spec section 3 "Integrations settings", the AI provider and Gmail
 * part; social connections are SocialConnection items, ./socialConnection.ts): one item per brand
 * under `user#<sub>`, sort key `settings#integrations`. Each secret is stored only sealed
 * (`<field>Sealed`, an AWS Encryption SDK message bound to tenant and field) with its last
 * characters (`<field>Hint`) for the mask; '' in both means "not configured".
 */
import { AI_PROVIDER_CHOICES } from '@director-ia/shared';
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

