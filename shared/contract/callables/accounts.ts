/**
 * Account lifecycle callables (spec sections 3, 4, 6) and the admin panel at scale (issue 17 item 1):
 * - `listarUsuarios({status?, search?, cursor?})` → `{users, nextCursor, counts}`: one page
 *   (newest first without filters; in e-mail order with a status filter or an e-mail prefix
 *   search); `nextCursor` null on the last page; `counts` per status for the header.
 * - `aprobarUsuario({uid})` → `{uid, status: 'active', mail}`: pending → active, and the e-mail to
 *   the user (`mail`: 'sent', 'not-configured' when the admin has no Gmail in Integraciones,
 *   'failed', 'skipped' when the user was already active).
 * - `rechazarUsuario`, `suspenderUsuario`, `reactivarUsuario` ({uid}) → `{uid, status}`; never on
 *   oneself (suspend/reject), never on an admin (suspend/reject); idempotent.
 * - `concederAdmin`, `retirarAdmin` ({uid}) → `{uid, isAdmin}`; never revoke oneself, never the last admin.
 * - `listarAuditoria({cursor?})` → `{entries, nextCursor}`: admin actions, newest first.
 */
import * as z from 'zod/mini';
import { AuditEntrySchema, PROFILE_STATUSES, ProfileSchema, UserCountsSchema, UserSummarySchema } from '../../entities/profile';
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

/** Longest e-mail prefix the admin search accepts. */
export const MAX_USER_SEARCH_LENGTH = 254;
/** Longest cursor accepted (the server's are far shorter). */
const MAX_CURSOR_LENGTH = 2048;

const Cursor = z.optional(z.string({ error: 'La página pedida no es válida.' }).check(z.maxLength(MAX_CURSOR_LENGTH, 'La página pedida no es válida.')));

export const listarUsuarios = define({
  name: 'listarUsuarios',
  access: 'admin',
  input: z.nullish(
    z.strictObject({
      status: z.optional(z.enum(PROFILE_STATUSES, { error: 'Estado no válido.' })),
      search: z.optional(z.string({ error: 'La búsqueda debe ser un texto.' }).check(z.trim(), z.maxLength(MAX_USER_SEARCH_LENGTH, `La búsqueda admite como máximo ${MAX_USER_SEARCH_LENGTH} caracteres.`))),
      cursor: Cursor,
    }),
  ),
  output: z.object({ users: z.array(UserSummarySchema), nextCursor: z.nullable(z.string()), counts: UserCountsSchema }),
});

export const aprobarUsuario = define({
  name: 'aprobarUsuario',
  access: 'admin',
  input: z.strictObject({
    uid: requiredId('Falta el usuario a aprobar.'),
  }),
  output: z.object({ uid: z.string(), status: z.literal('active'), mail: z.enum(['sent', 'not-configured', 'failed', 'skipped']) }),
});

export const rechazarUsuario = define({
  name: 'rechazarUsuario',
  access: 'admin',
  input: z.strictObject({ uid: requiredId('Falta el usuario a rechazar.') }),
  output: z.object({ uid: z.string(), status: z.literal('rejected') }),
});

export const suspenderUsuario = define({
  name: 'suspenderUsuario',
  access: 'admin',
  input: z.strictObject({ uid: requiredId('Falta el usuario a suspender.') }),
  output: z.object({ uid: z.string(), status: z.literal('suspended') }),
});

export const reactivarUsuario = define({
  name: 'reactivarUsuario',
  access: 'admin',
  input: z.strictObject({ uid: requiredId('Falta el usuario a reactivar.') }),
  output: z.object({ uid: z.string(), status: z.literal('active') }),
});

export const concederAdmin = define({
  name: 'concederAdmin',
  access: 'admin',
  input: z.strictObject({ uid: requiredId('Falta el usuario.') }),
  output: z.object({ uid: z.string(), isAdmin: z.literal(true) }),
});

export const retirarAdmin = define({
  name: 'retirarAdmin',
  access: 'admin',
  input: z.strictObject({ uid: requiredId('Falta el usuario.') }),
  output: z.object({ uid: z.string(), isAdmin: z.literal(false) }),
});

export const listarAuditoria = define({
  name: 'listarAuditoria',
  access: 'admin',
  input: z.nullish(z.strictObject({ cursor: Cursor })),
  output: z.object({ entries: z.array(AuditEntrySchema), nextCursor: z.nullable(z.string()) }),
});

