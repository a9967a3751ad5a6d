/** Spec 2 'Panel de Administración': every user with email and status; 'Aprobar' for pending ones. */
import type { UserSummary } from '@director-ia/shared';
import { MSG } from '@director-ia/shared';
import { useApproveUser } from '../../features/users/useApproveUser';
import { useUsers } from '../../features/users/useUsers';
import { Button } from '../../ui/Button';
import { DataTable } from '../../ui/DataTable';
import { Icon } from '../../ui/Icon';
import { PageHeader, Panel } from '../../ui/PageHeader';
import { EmptyState, QueryList } from '../../ui/QueryStates';
import { Spinner } from '../../ui/Spinner';
import styles from './AdminPage.module.css';

const dateFormat = new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'short' });

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateFormat.format(date);
}

/** Pending first (they need action), then newest first. */
function sortUsers(users: UserSummary[]): UserSummary[] {
  return [...users].sort(
    (a, b) => Number(a.status === 'active') - Number(b.status === 'active') || b.createdAt.localeCompare(a.createdAt),
  );
}

export default function AdminPage() {
  const users = useUsers();
  const pendingCount = users.data?.filter((user) => user.status === 'pending').length ?? 0;
  const subtitle = users.data
    ? `${users.data.length} ${users.data.length === 1 ? 'usuario' : 'usuarios'} · ${pendingCount} ${pendingCount === 1 ? 'pendiente' : 'pendientes'} de aprobación`
    : 'Revisa las cuentas registradas y aprueba las pendientes.';

  return (
    <>
      <div className={styles.heading}>
        <PageHeader title="Panel de Administración" eyebrow="Admin" subtitle={subtitle} />
        <Button size="small" onClick={() => void users.refetch()} disabled={users.isFetching}>
          {users.isFetching ? <Spinner /> : <Icon name="refresh" size={16} />}
          Actualizar
        </Button>
      </div>
      <Panel className={styles.panel}>
        <UsersBody query={users} />
      </Panel>
    </>
  );
}

function UsersBody({ query }: { query: ReturnType<typeof useUsers> }) {
  return (
    <QueryList query={query} empty={<EmptyState icon={<Icon name="users" size={28} />}>{MSG.noUsers}</EmptyState>}>
      {(users) => <UsersTable users={sortUsers(users)} />}
    </QueryList>
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

function UsersTable({ users }: { users: UserSummary[] }) {
  const approve = useApproveUser();
  return (
    <DataTable columns={[MSG.emailLabel, 'Estado', 'Registro', <span className="visually-hidden">Acciones</span>]}>
      {users.map((user) => {
        const busy = approve.isPending && approve.variables === user.uid;
        return (
          <tr key={user.uid}>
            <td className={styles.email}>
              <UserEmail user={user} />
            </td>
            <td>
              <span className={user.status === 'active' ? styles.active : styles.pending}>
                {user.status === 'active' ? MSG.statusActive : MSG.statusPending}
              </span>
            </td>
            <td className={styles.date}>{formatDate(user.createdAt)}</td>
            <td className={styles.actions}>
              {user.status === 'pending' && (
                <Button size="small" variant="primary" disabled={busy} aria-busy={busy} onClick={() => approve.mutate(user.uid)}>
                  {busy ? MSG.processing : MSG.approve}
                </Button>
              )}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
