/**
 * The campaigns feature's surface (issue 15): one hook per Campañas callable, the brief form and
 * split table logic, the CSV export, formatting and the Spanish labels. The Campañas page imports
 * its parts directly; other features use this index.
 */
export { campaignKey, campaignListKey, campaignsKey, monthFiguresKey, type CampaignView } from './keys';
export { Figures, type Figure } from './Figures';
export { CAMPAIGN_UI } from './labels';
export { useMonthFigures } from './useMonthFigures';
export { moneyLabel, countLabel } from './format';
