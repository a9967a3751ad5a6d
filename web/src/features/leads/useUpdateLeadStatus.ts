/**
 * actualizarLead (active): moves a lead to another status (Nuevo, Contactado, Interesado). The
 * table shows the new status at once (optimistic), goes back if the server refuses, and re-reads
 * the list afterwards.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LEADS_MSG, MSG, type Lead, type LeadStatus } from '@director-ia/shared';
import { callFunction, errorMessage } from '../../lib/api';
import { useToast } from '../../ui/toast/toastContext';
import { leadsKey } from './useLeads';

export interface LeadStatusChange {
  id: string;
  status: LeadStatus;
}

export async function updateLeadStatus(change: LeadStatusChange): Promise<Lead> {
  const { lead } = await callFunction('actualizarLead', change);
  return lead;
}

export function useUpdateLeadStatus() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: updateLeadStatus,
    onMutate: async ({ id, status }) => {
      await queryClient.cancelQueries({ queryKey: leadsKey });
      const previous = queryClient.getQueryData<Lead[]>(leadsKey);
      queryClient.setQueryData<Lead[]>(leadsKey, (old) => old?.map((lead) => (lead.id === id ? { ...lead, status } : lead)));
      return { previous };
    },
    onSuccess: (lead) => {
      queryClient.setQueryData<Lead[]>(leadsKey, (old) => old?.map((item) => (item.id === lead.id ? lead : item)));
      toast.success(LEADS_MSG.statusSaved(lead.name, lead.status));
    },
    onError: (error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(leadsKey, context.previous);
      toast.error(MSG.errorPrefix + errorMessage(error));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: leadsKey }),
  });
}
