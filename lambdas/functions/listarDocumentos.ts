/** `listarDocumentos` (active): the caller's knowledge documents with their state, newest first. */
import { listarDocumentos } from '@director-ia/shared';
import { listDocuments } from '../core/knowledge/documents';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(listarDocumentos, async ({ identity }) => ({
  documents: await listDocuments(requireIdentity(identity).sub),
}));
