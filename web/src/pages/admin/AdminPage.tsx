/**
 * Spec 2 'Panel de Administración' at scale (issue 17 item 1): counts per status in the header; a
 * search by e-mail prefix and a status filter, both answered by the server a page at a time
 * ('Cargar más'); per row the actions its status allows (Aprobar / Rechazar for pending,
 * Suspender for active, Reactivar for suspended or rejected) and admin rights (Hacer admin /
 * Quitar admin), the destructive ones after a confirmation; the audit log of every admin action.
 */
import { useDeferredValue, useState } from 'react';
import { MSG, PROFILE_STATUSES, type AuditEntry, type ProfileStatus, type UserCounts, type UserSummary } from '@director-ia/shared';
import { useApproveUser } from '../../features/users/useApproveUser';
import { useAudit } from '../../features/users/useAudit';
import { useGrantAdmin } from '../../features/users/useGrantAdmin';
import { useReactivateUser } from '../../features/users/useReactivateUser';
import { useRejectUser } from '../../features/users/useRejectUser';
import { useRevokeAdmin } from '../../features/users/useRevokeAdmin';
import { useSuspendUser } from '../../features/users/useSuspendUser';
import { useUsers } from '../../features/users/useUsers';
import { useAuth } from '../../lib/authContext';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable } from '../../ui/DataTable';
import { Icon } from '../../ui/Icon';
import { PageHeader, Panel } from '../../ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../ui/QueryStates';
import { SearchField } from '../../ui/SearchField';
import { Spinner } from '../../ui/Spinner';
import styles from './AdminPage.module.css';

const dateFormat = new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'short' });

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateFormat.format(date);
}

/** The Spanish label of each status (table, filter, counts). */
export const STATUS_LABEL: Record<ProfileStatus, string> = {
  pending: MSG.statusPending,
  active: MSG.statusActive,
  suspended: MSG.statusSuspended,
  rejected: MSG.statusRejected,
};

const STATUS_PLURAL: Record<ProfileStatus, string> = { pending: 'pendientes', active: 'activos', suspended: 'suspendidos', rejected: 'rechazados' };

const ACTION_LABEL: Record<AuditEntry['action'], string> = {
  approve: 'Aprobó',
  reject: 'Rechazó',
  suspend: 'Suspendió',
  reactivate: 'Reactivó',
  grantAdmin: 'Hizo administrador a',
  revokeAdmin: 'Quitó los permisos de administrador a',
};

const ALL = '';

export default function AdminPage() {
  const auth = useAuth();
  // The signed-in admin's own row offers no 'Quitar admin' (the server refuses it too).
  const selfUid = auth.status === 'signedIn' ? auth.user.uid : undefined;
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ProfileStatus | typeof ALL>(ALL);
  const deferredSearch = useDeferredValue(search);
  const users = useUsers({ search: deferredSearch, ...(status ? { status } : {}) });
  const counts = users.data?.pages.at(-1)?.counts;

  return (
    <>
      <div className={styles.heading}>
        <PageHeader title="Panel de Administración" eyebrow="Admin" subtitle={counts ? countsLine(counts) : 'Revisa las cuentas registradas, apruébalas, rechaza o suspende las que no deban entrar.'} />
        <Button size="small" onClick={() => void users.refetch()} disabled={users.isFetching}>
          {users.isFetching ? <Spinner /> : <Icon name="refresh" size={16} />}
          Actualizar
        </Button>
      </div>
      {counts && <Counts counts={counts} />}
      <Panel className={styles.panel}>
        <div className={styles.toolbar} role="search">
          <SearchField className={styles.searchField} label="Buscar usuarios" placeholder="Buscar por correo (empieza por…)" value={search} maxLength={254} onValue={setSearch} />
          <label className={styles.filterField}>
            <span>Estado</span>
            <select value={status} onChange={(event) => setStatus(event.target.value as ProfileStatus | typeof ALL)} aria-label="Filtrar por estado">
              <option value={ALL}>Todos</option>
              {PROFILE_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {STATUS_LABEL[value]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <UsersBody query={users} filtered={Boolean(search.trim() || status)} selfUid={selfUid} />
      </Panel>
      <AuditSection />
    </>
  );
}

function countsLine(counts: UserCounts): string {
  const total = PROFILE_STATUSES.reduce((sum, status) => sum + counts[status], 0);
  return `${total} ${total === 1 ? 'usuario' : 'usuarios'} · ${counts.pending} ${counts.pending === 1 ? 'pendiente' : 'pendientes'} de aprobación`;
}

function Counts({ counts }: { counts: UserCounts }) {
  return (
    <ul className={styles.counts} aria-label="Usuarios por estado" data-testid="user-counts">
      {PROFILE_STATUSES.map((status) => (
        <li key={status} className={styles[`count_${status}`]} data-status={status}>
          <strong>{counts[status]}</strong> {STATUS_PLURAL[status]}
        </li>
      ))}
    </ul>
  );
}

function UsersBody({ query, filtered, selfUid }: { query: ReturnType<typeof useUsers>; filtered: boolean; selfUid?: string }) {
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  const users = query.data.pages.flatMap((page) => page.users);
  if (users.length === 0) return <EmptyState icon={<Icon name="users" size={28} />}>{filtered ? MSG.noUsersMatch : MSG.noUsers}</EmptyState>;
  return (
    <>
      <UsersTable users={users} selfUid={selfUid} />
      {query.hasNextPage && (
        <div className={styles.more}>
          <Button size="small" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} aria-busy={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? MSG.loading : 'Cargar más'}
          </Button>
        </div>
      )}
    </>
  );
}

/**
 * A user's e-mail with its badges: "Admin", and "sin verificar" for a self-registered address
 * nobody proved (issue 16 finding 6), so the admin knows before approving.
 */
export function UserEmail({ user }: { user: UserSummary }) {
  return (
    <>
      <span>{user.email}</span>
      {user.isAdmin && <span className={styles.adminBadge}>{MSG.adminBadge}</span>}
      {user.emailVerified === false && <span className={styles.unverified}>{MSG.emailUnverified}</span>}
    </>
  );
}

type Confirmable = { kind: 'reject' | 'suspend' | 'revokeAdmin'; user: UserSummary };

const CONFIRM: Record<Confirmable['kind'], { title: string; label: string; text: (email: string) => string }> = {
  reject: { title: 'Rechazar cuenta', label: MSG.reject, text: (email) => `${email} no podrá usar la aplicación y verá que su solicitud fue rechazada. Puedes reactivarla más tarde.` },
  suspend: { title: 'Suspender cuenta', label: MSG.suspend, text: (email) => `${email} perderá el acceso al momento, también en las sesiones abiertas. Puedes reactivarla más tarde.` },
  revokeAdmin: { title: 'Quitar permisos de administrador', label: MSG.revokeAdmin, text: (email) => `${email} dejará de ser administrador y tendrá que volver a iniciar sesión.` },
};

function UsersTable({ users, selfUid }: { users: UserSummary[]; selfUid?: string }) {
  const approve = useApproveUser();
  const reject = useRejectUser();
  const suspend = useSuspendUser();
  const reactivate = useReactivateUser();
  const grant = useGrantAdmin();
  const revoke = useRevokeAdmin();
  const [confirm, setConfirm] = useState<Confirmable | null>(null);
  const mutations = [approve, reject, suspend, reactivate, grant, revoke];
  const busyWith = (uid: string) => mutations.some((m) => m.isPending && m.variables === uid);

  return (
    <>
      <DataTable label="Usuarios" columns={[MSG.emailLabel, 'Estado', 'Registro', <span className="visually-hidden">Acciones</span>]}>
        {users.map((user) => {
          const busy = busyWith(user.uid);
          const self = user.uid === selfUid;
          return (
            <tr key={user.uid} data-uid={user.uid}>
              <td className={styles.email}>
                <UserEmail user={user} />
              </td>
              <td>
                <span className={styles[user.status]}>{STATUS_LABEL[user.status]}</span>
              </td>
              <td className={styles.date}>{formatDate(user.createdAt)}</td>
              <td className={styles.actions}>
                {busy && <Spinner />}
                {user.status === 'pending' && (
                  <>
                    <Button size="small" variant="primary" disabled={busy} onClick={() => approve.mutate(user.uid)}>
                      {MSG.approve}
                    </Button>
                    <Button size="small" variant="danger" disabled={busy} onClick={() => setConfirm({ kind: 'reject', user })}>
                      {MSG.reject}
                    </Button>
                  </>
                )}
                {user.status === 'active' && !user.isAdmin && (
                  <>
                    <Button size="small" disabled={busy} onClick={() => grant.mutate(user.uid)}>
                      {MSG.grantAdmin}
                    </Button>
                    <Button size="small" variant="danger" disabled={busy} onClick={() => setConfirm({ kind: 'suspend', user })}>
                      {MSG.suspend}
                    </Button>
                  </>
                )}
                {user.isAdmin && !self && (
                  <Button size="small" variant="danger" disabled={busy} onClick={() => setConfirm({ kind: 'revokeAdmin', user })}>
                    {MSG.revokeAdmin}
                  </Button>
                )}
                {(user.status === 'suspended' || user.status === 'rejected') && (
                  <Button size="small" variant="primary" disabled={busy} onClick={() => reactivate.mutate(user.uid)}>
                    {MSG.reactivate}
                  </Button>
                )}
              </td>
            </tr>
          );
        })}
      </DataTable>
      {confirm && (
        <ConfirmDialog
          title={CONFIRM[confirm.kind].title}
          confirmLabel={CONFIRM[confirm.kind].label}
          onCancel={() => setConfirm(null)}
          onConfirm={() => ({ reject, suspend, revokeAdmin: revoke })[confirm.kind].mutate(confirm.user.uid)}
        >
          {CONFIRM[confirm.kind].text(confirm.user.email)}
        </ConfirmDialog>
      )}
    </>
  );
}

/** The audit log: who did what to whom, and when, newest first. */
function AuditSection() {
  const audit = useAudit();
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <section className={styles.audit} aria-labelledby="admin-audit-title">
      <h2 id="admin-audit-title" className={styles.auditTitle}>
        Registro de acciones
      </h2>
      <Panel className={styles.panel}>
        {audit.isPending ? (
          <LoadingState />
        ) : audit.isError ? (
          <ErrorState error={audit.error} onRetry={() => audit.refetch()} />
        ) : entries.length === 0 ? (
          <EmptyState icon={<Icon name="users" size={28} />}>{MSG.noAudit}</EmptyState>
        ) : (
          <>
            <DataTable label="Acciones de administración" columns={['Fecha', 'Administrador', 'Acción', 'Usuario']}>
              {entries.map((entry) => (
                <tr key={entry.id} data-action={entry.action}>
                  <td className={styles.date}>{formatDate(entry.at)}</td>
                  <td>{entry.actorEmail || entry.actorUid}</td>
                  <td>{ACTION_LABEL[entry.action]}</td>
                  <td className={styles.email}>
                    <span>{entry.targetEmail || entry.targetUid}</span>
                    {entry.detail && <span className={styles.detail}> · {entry.detail}</span>}
                  </td>
                </tr>
              ))}
            </DataTable>
            {audit.hasNextPage && (
              <div className={styles.more}>
                <Button size="small" onClick={() => void audit.fetchNextPage()} disabled={audit.isFetchingNextPage}>
                  {audit.isFetchingNextPage ? MSG.loading : 'Cargar más'}
                </Button>
              </div>
            )}
          </>
        )}
      </Panel>
    </section>
  );
}
