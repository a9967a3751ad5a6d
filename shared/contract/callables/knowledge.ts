/**
 * Knowledge base callables (spec section 2 'aprendizaje', 3 "Knowledge document"): the caller's
 * documents with their processing state, and deleting one (file, record and passages).
 * Uploading goes through `solicitarSubida` (kind 'knowledge'); processing is event driven.
 */
import * as z from 'zod/mini';
import { KnowledgeDocumentSchema } from '../../entities/knowledge';
import { define, Empty } from '../define';
import { idInput, IdOutput } from '../fields';

export const listarDocumentos = define({
  name: 'listarDocumentos',
  access: 'active',
  input: Empty,
  /** Newest first. */
  output: z.object({ documents: z.array(KnowledgeDocumentSchema) }),
});

export const eliminarDocumento = define({
  name: 'eliminarDocumento',
  access: 'active',
  input: idInput('Falta el documento.'),
  output: IdOutput,
});
