/**
 * The callable functions: name, access level, payload and result schemas (architecture
 * "callable contract"). `POST /api/<name>` with `{data}` → `{result}`. Adding a function here
 * makes the twin route it, the CDK stack deploy it and the access-matrix test cover it.
 */
import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { es } from 'zod/locales';
import type { Access } from './access';
import { ProfileSchema, UserSummarySchema } from '../entities/profile';
import { THEME_IDS } from '../themes';

// Validation messages reach users (server 400s and web forms), so zod speaks Spanish.
z.config(es());

export interface CallableDefinition<I extends $ZodType = $ZodType, O extends $ZodType = $ZodType> {
  name: string;
  access: Access;
  input: I;
  output: O;
  /** Largest accepted request body in bytes (defaults to DEFAULT_MAX_BODY_BYTES). */
  maxBodyBytes?: number;
}

function define<I extends $ZodType, O extends $ZodType>(def: CallableDefinition<I, O>): CallableDefinition<I, O> {
  return def;
}

const Empty = z.nullish(z.strictObject({}));

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
    uid: z.string({ error: 'Falta el usuario a aprobar.' }).check(z.minLength(1, 'Falta el usuario a aprobar.'), z.maxLength(128)),
  }),
  output: z.object({ uid: z.string(), status: z.literal('active') }),
});

/** Every callable by name. */
export const CALLABLES = {
  obtenerPerfil,
  guardarTema,
  listarUsuarios,
  aprobarUsuario,
} as const;

export type CallableName = keyof typeof CALLABLES;
export const CALLABLE_NAMES = Object.keys(CALLABLES) as CallableName[];
export type CallableInput<N extends CallableName> = z.input<(typeof CALLABLES)[N]['input']>;
export type CallableOutput<N extends CallableName> = z.output<(typeof CALLABLES)[N]['output']>;

export function isCallableName(name: string): name is CallableName {
  return Object.hasOwn(CALLABLES, name);
}
