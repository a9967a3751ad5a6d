/**
 * obtenerWidget (public; issue 6 item 1): the brand's name, greeting and consent sentence for the
 * widget at /widget/{uid}. Sent without a bearer token (`anonymous`): the widget is a visitor's
 * page even when the owner is signed in on this origin. NOT_FOUND (unknown or inactive brand) is
 * final and shows the "no disponible" page; other failures are retried once.
 */
import { useQuery } from '@tanstack/react-query';
import type { CallableOutput } from '@director-ia/shared';
import { callFunction, CallableClientError } from '../../lib/api';

export type WidgetInfo = CallableOutput<'obtenerWidget'>;

export const widgetInfoKey = (uid: string) => ['widget', 'info', uid] as const;

export async function fetchWidgetInfo(uid: string, signal?: AbortSignal): Promise<WidgetInfo> {
  return callFunction('obtenerWidget', { uid }, { signal, anonymous: true });
}

/** Whether a failure means the brand has no widget (the page says "no disponible"). */
export function isNotAvailable(error: unknown): boolean {
  return error instanceof CallableClientError && (error.status === 'NOT_FOUND' || error.status === 'INVALID_ARGUMENT');
}

export function useWidgetInfo(uid: string) {
  return useQuery({
    queryKey: widgetInfoKey(uid),
    queryFn: ({ signal }) => fetchWidgetInfo(uid, signal),
    enabled: uid.length > 0,
    staleTime: Infinity,
    retry: (failures, error) => !isNotAvailable(error) && failures < 1,
  });
}
