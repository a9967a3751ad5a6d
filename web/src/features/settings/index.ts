/**
 * The settings feature's public surface: the form parts the settings pages and tools share, what a
 * save tells the user, and one query and one save hook per settings document (IA, blog, integrations).
 */
export { Choice, ColorField, FormCard, QueryBoundary, SaveBar, SecretField, SelectField, TextAreaField, TextField, fieldStyles, secretPayload, type SecretEdit } from './Fields';
export { NoSessionError, saveErrorText } from './saveFeedback';
export { aiSettingsKey, useAiSettings } from './useAiSettings';
export { blogSettingsKey, useBlogSettings } from './useBlogSettings';
export { integrationsKey, useIntegrations } from './useIntegrations';
export { useSaveAiSettings } from './useSaveAiSettings';
export { useSaveBlogSettings } from './useSaveBlogSettings';
export { useSaveIntegrations } from './useSaveIntegrations';
export { SettingsPage } from './SettingsPage';
export { QuotaCard } from './QuotaCard';
export { quotaSummary, quotasKey, useQuotas } from './useQuotas';
