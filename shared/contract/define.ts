/**
 * `define()` for callable definitions, and the Spanish zod locale (validation messages reach
 * users: server 400s and web forms).
 */
import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { es } from 'zod/locales';
import type { Access } from './access';

z.config(es());

export interface CallableDefinition<I extends $ZodType = $ZodType, O extends $ZodType = $ZodType> {
  name: string;
  access: Access;
  input: I;
  output: O;
  /** Largest accepted request body in bytes (defaults to DEFAULT_MAX_BODY_BYTES). */
  maxBodyBytes?: number;
}

export function define<I extends $ZodType, O extends $ZodType>(def: CallableDefinition<I, O>): CallableDefinition<I, O> {
  return def;
}

/** Payload of a function that takes nothing: null, undefined or {}. */
export const Empty = z.nullish(z.strictObject({}));
