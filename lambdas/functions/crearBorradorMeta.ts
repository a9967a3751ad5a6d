/**
 * `crearBorradorMeta` (active; issue 15 item 3): `{id, adAccountId}` → `{campaign, results}`: the
 * approved campaign's PAUSED draft in the owner's Meta ad account (core/campaigns/meta.ts
 * `createMetaDraft`: idempotent, a second call resumes or returns the complete draft), then the
 * campaign as verCampana shows it. Refusals INVALID_INPUT (CAMPAIGN_MSG.meta*), Meta unreachable
 * UNAVAILABLE.
 */
import { crearBorradorMeta } from '@director-ia/shared';
import { showCampaign } from '../core/campaigns/list';
import { createMetaDraft } from '../core/campaigns/meta';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(crearBorradorMeta, async ({ data, identity }) => {
  const { sub } = requireIdentity(identity);
  await createMetaDraft(sub, data, new Date());
  return showCampaign(sub, data.id);
});
