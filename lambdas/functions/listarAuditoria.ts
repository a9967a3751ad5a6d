/** `listarAuditoria` (admin): one page of the admin audit log, newest first (issue 17 item 1). */
import { listarAuditoria } from '@director-ia/shared';
import { listAudit } from '../core/accounts/admin';
import { createCallable } from './lib/callable';

export const handler = createCallable(listarAuditoria, async ({ data }) => listAudit(data ?? {}));
