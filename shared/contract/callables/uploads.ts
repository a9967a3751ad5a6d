/**
 * Upload callables (architecture "Files"): `solicitarSubida` signs a presigned POST for one file
 * of a given kind under the caller's prefix; the browser then posts the file straight to S3.
 */
import * as z from 'zod/mini';
import { MAX_UPLOAD_NAME_LENGTH, UPLOAD_KINDS } from '../../uploads';
import { define } from '../define';

export const solicitarSubida = define({
  name: 'solicitarSubida',
  access: 'active',
  input: z.strictObject({
    kind: z.enum(UPLOAD_KINDS, { error: 'Tipo de subida no válido.' }),
    fileName: z.string({ error: 'Falta el nombre del archivo.' }).check(z.minLength(1, 'Falta el nombre del archivo.'), z.maxLength(MAX_UPLOAD_NAME_LENGTH, 'El nombre del archivo es demasiado largo.')),
    contentType: z.string({ error: 'Falta el tipo del archivo.' }).check(z.maxLength(255)),
    size: z.number({ error: 'Falta el tamaño del archivo.' }).check(z.int(), z.nonnegative()),
  }),
  output: z.object({
    /** Where the browser POSTs the multipart form. */
    url: z.string(),
    /** Form fields to send before the `file` field, in this order. */
    fields: z.record(z.string(), z.string()),
    /** The object key the file will have. */
    key: z.string(),
    maxBytes: z.number(),
    expiresInSeconds: z.number(),
  }),
});
