/**
 * Gallery callables (issue 4 item 5): every generated asset of the caller (image, avatar, video,
 * voice) with prompt, date, type and short-lived URLs, newest first, optionally of one type (the
 * content plan and the blog pick images later); and deleting one (file and record).
 */
import * as z from 'zod/mini';
import { ASSET_TYPES } from '../../assets';
import { AssetSchema } from '../../entities/asset';
import { define } from '../define';
import { idInput, IdOutput } from '../fields';

export const listarRecursos = define({
  name: 'listarRecursos',
  access: 'active',
  input: z.nullish(z.strictObject({ type: z.optional(z.enum(ASSET_TYPES, { error: 'Tipo de recurso no válido.' })) })),
  /** Newest first. */
  output: z.object({ assets: z.array(AssetSchema) }),
});

export const eliminarRecurso = define({
  name: 'eliminarRecurso',
  access: 'active',
  input: idInput('Falta el recurso.'),
  output: IdOutput,
});
