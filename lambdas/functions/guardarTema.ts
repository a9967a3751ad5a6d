/** `guardarTema` (active): remembers the caller's background theme (spec section 2 side panel). */
import { guardarTema } from '@director-ia/shared';
import { saveTheme } from '../core/accounts/own';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(guardarTema, async ({ data, identity }) => saveTheme(requireIdentity(identity), data.theme));
