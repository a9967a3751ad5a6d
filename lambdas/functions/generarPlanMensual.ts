/**
 * `generarPlanMensual` (active; spec 2 'calendario', 4, 5; issue 5 item 2): `{month, budget}` →
 * `{planId, month, title, budget, posts, offline, model}`: the AI's proposed plan for the month,
 * checked and repaired, kept server-side until approved or rejected. Budget > 0 euros, else 400
 * 'Por favor, introduce un presupuesto válido.'.
 */
import { generarPlanMensual } from '@director-ia/shared';
import { generateMonthlyPlan } from '../core/plan/generate';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(generarPlanMensual, async ({ data, identity }) => generateMonthlyPlan(requireIdentity(identity).sub, data));
