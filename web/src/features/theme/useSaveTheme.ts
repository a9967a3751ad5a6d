/**
 * guardarTema: the theme picker's choice. The change shows at once (local optimistic state), is
 * saved for the user, and falls back to the saved theme (with an error toast) if saving fails.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DEFAULT_THEME, MSG, type Profile, type ThemeId } from '@director-ia/shared';
import { callFunction, errorMessage } from '../../lib/api';
import { useToast } from '../../ui/toast/toastContext';
import { profileKey } from '../profile';

export function saveTheme(theme: ThemeId) {
  return callFunction('guardarTema', { theme });
}

export function useSaveTheme(uid: string, savedTheme: ThemeId | undefined) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [choice, setChoice] = useState<ThemeId | null>(null);

  const mutation = useMutation({
    mutationFn: saveTheme,
    onSuccess: ({ theme }) => {
      queryClient.setQueryData<Profile | null>(profileKey(uid), (profile) => (profile ? { ...profile, theme } : profile));
    },
    onError: (error, theme) => {
      // Back to the saved theme, unless a later choice replaced this one meanwhile.
      setChoice((current) => (current === theme ? null : current));
      toast.error(MSG.errorPrefix + errorMessage(error));
    },
  });

  const setTheme = (theme: ThemeId) => {
    setChoice(theme);
    mutation.mutate(theme);
  };

  return { theme: choice ?? savedTheme ?? DEFAULT_THEME, setTheme };
}
