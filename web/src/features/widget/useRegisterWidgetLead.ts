/**
 * registrarLeadWidget (public; issue 6 item 1): the visitor's name and email or phone, sent only
 * with the consent checkbox ticked (`consent: true`, which the server requires), anonymous (no
 * bearer token). The answer is the new lead's id.
 */
import { useMutation } from '@tanstack/react-query';
import type { CallableInput, CallableOutput } from '@director-ia/shared';
import { callFunction } from '../../lib/api';

export type WidgetLeadRequest = CallableInput<'registrarLeadWidget'>;

export async function registerWidgetLead(request: WidgetLeadRequest): Promise<CallableOutput<'registrarLeadWidget'>> {
  return callFunction('registrarLeadWidget', request, { anonymous: true });
}

export function useRegisterWidgetLead() {
  return useMutation({ mutationFn: registerWidgetLead });
}
