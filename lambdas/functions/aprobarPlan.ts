/**
 * `aprobarPlan` (active; spec 2 'calendario', 4; issue 5 item 2): `{planId}` → `{planId, posts}`:
 * every post of the proposal saved as 'aprobado' and the proposal removed, in one transaction (all
 * or nothing); 404 when the plan is no longer pending.
 */
import { aprobarPlan } from '@director-ia/shared';
import { approvePlan } from '../core/plan/proposals';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(aprobarPlan, async ({ data, identity }) => approvePlan(requireIdentity(identity).sub, data.planId));
