/**
 * `listarCampanas` (active; issue 15): `{}` → `{campaigns}`: the caller's campaigns newest first,
 * each with its results (clicks, conversations, leads, spend, cost per lead).
 */
import { listarCampanas } from '@director-ia/shared';
import { listCampaigns } from '../core/campaigns/list';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(listarCampanas, async ({ identity }) => listCampaigns(requireIdentity(identity).sub));
