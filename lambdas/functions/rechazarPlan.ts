/**
 * `rechazarPlan` (active; spec 2 'calendario', 4; issue 5 item 2): `{planId}` → `{planId}`:
 * discards the proposal ('Plan de contenidos rechazado. Puedes generar uno nuevo.' in the web);
 * 404 when it is no longer pending.
 */
import { rechazarPlan } from '@director-ia/shared';
import { rejectPlan } from '../core/plan/proposals';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(rechazarPlan, async ({ data, identity }) => rejectPlan(requireIdentity(identity).sub, data.planId));
