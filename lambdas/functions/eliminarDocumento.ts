/** `eliminarDocumento` (active): deletes one of the caller's documents, its file and its chunks. */
import { eliminarDocumento } from '@director-ia/shared';
import { deleteDocument } from '../core/knowledge/documents';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(eliminarDocumento, async ({ data, identity }) => deleteDocument(requireIdentity(identity).sub, data.id));
