/**
 * actualizarLead (active): moves a lead to another status (Nuevo, Contactado, Interesado). The
 * table shows the new status at once (optimistic), goes back if the server refuses, and re-reads
 * the list afterwards.
 */
import { LEADS_MSG, type Lead, type LeadStatus } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
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
  return useCallableMutation({
    mutationFn: updateLeadStatus,
    onMutate: async ({ id, status }, { client }) => {
      await client.cancelQueries({ queryKey: leadsKey });
      const previous = client.getQueryData<Lead[]>(leadsKey);
      client.setQueryData<Lead[]>(leadsKey, (old) => old?.map((lead) => (lead.id === id ? { ...lead, status } : lead)));
      return { previous };
    },
    success: (lead) => LEADS_MSG.statusSaved(lead.name, lead.status),
    invalidates: [leadsKey],
    onSuccess: (lead, _change, _onMutate, { client }) => client.setQueryData<Lead[]>(leadsKey, (old) => old?.map((item) => (item.id === lead.id ? lead : item))),
    onError: (_error, _change, onMutateResult, { client }) => {
      if (onMutateResult?.previous) client.setQueryData(leadsKey, onMutateResult.previous);
    },
  });
}
