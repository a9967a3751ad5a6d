/**
 * `generarIdentidad` (active; spec section 7): `{type:'avatar', prompt}` | `{type:'voice', text,
 * voice?, sampleKey?}` | `{type:'video', sampleKey}` → `{success, error?, assetId?, url?, offline?,
 * unsupported?, sampleKept?}` (identity lab; see lambdas/core/generation/identity.ts).
 */
import { generarIdentidad } from '@director-ia/shared';
import { generateIdentity } from '../core/generation/identity';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(generarIdentidad, async ({ data, identity }) => generateIdentity(requireIdentity(identity).sub, data));
