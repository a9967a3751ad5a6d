/** listarUsuarios (admin): every user with email, status and admin flag. */
import { useQuery } from '@tanstack/react-query';
import { callFunction } from '../../lib/api';

export const usersKey = ['users'] as const;

export async function fetchUsers(signal?: AbortSignal) {
  const { users } = await callFunction('listarUsuarios', null, { signal });
  return users;
}

export function useUsers() {
  return useQuery({ queryKey: usersKey, queryFn: ({ signal }) => fetchUsers(signal), retry: 1 });
}
