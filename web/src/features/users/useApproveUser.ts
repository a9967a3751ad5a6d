/** aprobarUsuario (admin): pending → active and the e-mail to the user; then the lists are re-read. */
import { MSG } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { auditKey } from './useAudit';
import { usersKey } from './useUsers';

/** The success toast: the approval, and whether the user was e-mailed (spec 2 "a notification will follow"). */
export function approvalText(mail: 'sent' | 'not-configured' | 'failed' | 'skipped'): string {
  if (mail === 'sent') return `${MSG.userApproved} Le hemos enviado un correo.`;
  if (mail === 'not-configured') return `${MSG.userApproved} No se envió el correo: configura tu Gmail en Integraciones.`;
  if (mail === 'failed') return `${MSG.userApproved} No se pudo enviar el correo de aviso.`;
  return MSG.userApproved;
}

export function useApproveUser() {
  return useCallableMutation({
    mutationFn: (uid: string) => callFunction('aprobarUsuario', { uid }),
    success: (result) => approvalText(result.mail),
    // Awaited: the row stays busy until the re-read list shows the user active.
    invalidates: [usersKey, auditKey],
  });
}
