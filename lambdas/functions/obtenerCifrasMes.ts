/**
 * `obtenerCifrasMes` (active; issue 15 item 5): `{month}` → the month's headline figures for
 * Conóceme (published, clicks, conversations, leads, spend, cost per lead, active campaigns).
 */
import { obtenerCifrasMes } from '@director-ia/shared';
import { monthFigures } from '../core/campaigns/month';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(obtenerCifrasMes, async ({ data, identity }) => monthFigures(requireIdentity(identity).sub, data.month));
