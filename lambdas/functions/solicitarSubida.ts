/**
 * `solicitarSubida` (active): a presigned POST for one file (knowledge document or blog header
 * image) under the caller's own prefix, after checking its type, extension and size.
 */
import { solicitarSubida } from '@director-ia/shared';
import { requestUpload } from '../core/uploads/requestUpload';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(solicitarSubida, async ({ data, identity }) => requestUpload(requireIdentity(identity).sub, data));
