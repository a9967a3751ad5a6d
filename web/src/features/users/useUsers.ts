/** listarUsuarios (admin): every user with email, status and admin flag. */
import { callFunction } from '../../lib/api';
import { useCallableQuery } from '../../lib/queries';

export const usersKey = ['users'] as const;

export async function fetchUsers(signal?: AbortSignal) {
  const { users } = await callFunction('listarUsuarios', null, { signal });
  return users;
}

export function useUsers() {
  return useCallableQuery(usersKey, fetchUsers);
}
