/**
 * enviarMensajeWidget (public; issue 6 item 1): a visitor message → the brand assistant's reply,
 * whether it was made offline (labelled), and whether to offer the contact form. Anonymous (no
 * bearer token). Failures carry the server's Spanish message (429 limits, 400 length, 404).
 */
import { useMutation } from '@tanstack/react-query';
import type { CallableInput, CallableOutput } from '@director-ia/shared';
import { callFunction } from '../../lib/api';

export type WidgetMessageRequest = CallableInput<'enviarMensajeWidget'>;
export type WidgetReply = CallableOutput<'enviarMensajeWidget'>;

export async function sendWidgetMessage(request: WidgetMessageRequest): Promise<WidgetReply> {
  return callFunction('enviarMensajeWidget', request, { anonymous: true });
}

export function useSendWidgetMessage() {
  return useMutation({ mutationFn: sendWidgetMessage });
}
