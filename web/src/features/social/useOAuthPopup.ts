/**
 * The Redes page's OAuth connections (issue 12 item 1): `start(network)` for the connect dialog's
 * 'Iniciar Conexión' (call it straight from the click handler: it opens the popup before awaiting),
 * and what happens when the callback page answers: SOCIAL_MSG.cancelled for a cancelled or refused
 * consent; otherwise completarOAuth (useCompleteOAuth: its toasts, the list refreshed), then
 * `onConnected(connection)` so the page can offer the targets chooser. `completing` is the network
 * whose completion is under way, or null.
 */
import { useCallback, useEffect, useRef } from 'react';
import { SOCIAL_MSG, type OAuthNetwork, type SocialConnection } from '@director-ia/shared';
import { useToast, type ToastApi } from '../../ui/toast/toastContext';
import { createOAuthPopup, type OAuthPopup, type OAuthResult, type StartOutcome } from './oauthPopup';
import { initiateOAuth } from './initiateOAuth';
import { useCompleteOAuth, type CompleteOAuthInput } from './useCompleteOAuth';

/** What the page does with the callback page's answer: a cancelled consent is said; a code is completed. */
export function handleOAuthResult(result: OAuthResult, { toast, complete }: { toast: Pick<ToastApi, 'error'>; complete: (input: CompleteOAuthInput) => void }): void {
  if (result.kind === 'cancelled') toast.error(SOCIAL_MSG.cancelled);
  else complete({ platform: result.network, state: result.state, code: result.code });
}

export function useOAuthPopup(onConnected: (connection: SocialConnection) => void) {
  const toast = useToast();
  const complete = useCompleteOAuth();
  const popupRef = useRef<OAuthPopup | null>(null);
  const onResultRef = useRef<(result: OAuthResult) => void>(() => undefined);

  useEffect(() => {
    onResultRef.current = (result) =>
      handleOAuthResult(result, { toast, complete: (input) => complete.mutate(input, { onSuccess: ({ connection }) => onConnected(connection) }) });
  });

  useEffect(() => {
    const popup = createOAuthPopup({ win: window, initiate: initiateOAuth, onResult: (result) => onResultRef.current(result) });
    popupRef.current = popup;
    return () => {
      popup.dispose();
      popupRef.current = null;
    };
  }, []);

  const start = useCallback((network: OAuthNetwork): Promise<StartOutcome> => popupRef.current?.start(network) ?? Promise.resolve('failed'), []);

  return { start, completing: complete.isPending ? (complete.variables?.platform ?? null) : null };
}
