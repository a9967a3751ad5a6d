/** `elegirDestinos` (active): which of a connection's targets the AI may publish to (issue 12). */
import { elegirDestinos } from '@director-ia/shared';
import { chooseTargets } from '../core/social/targets';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(elegirDestinos, async ({ data, identity }) => ({
  connection: await chooseTargets(requireIdentity(identity).sub, data.platform, data.targetIds),
}));
