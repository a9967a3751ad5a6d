/** Account lifecycle callables (spec sections 3, 4, 6). */
import * as z from 'zod/mini';
import { ProfileSchema, UserSummarySchema } from '../../entities/profile';
import { THEME_IDS } from '../../themes';
import { define, Empty } from '../define';
import { requiredId } from '../fields';

export const obtenerPerfil = define({
  name: 'obtenerPerfil',
  access: 'signedIn',
  input: Empty,
  // null when the profile record does not exist yet: the web treats it as {status: 'pending'}.
  output: z.object({ profile: z.nullable(ProfileSchema) }),
});

export const guardarTema = define({
  name: 'guardarTema',
  access: 'active',
  input: z.strictObject({ theme: z.enum(THEME_IDS, { error: 'Tema no válido.' }) }),
  output: z.object({ theme: z.enum(THEME_IDS) }),
});

export const listarUsuarios = define({
  name: 'listarUsuarios',
  access: 'admin',
  input: Empty,
  output: z.object({ users: z.array(UserSummarySchema) }),
});

export const aprobarUsuario = define({
  name: 'aprobarUsuario',
  access: 'admin',
  input: z.strictObject({
    uid: requiredId('Falta el usuario a aprobar.'),
  }),
  output: z.object({ uid: z.string(), status: z.literal('active') }),
});

