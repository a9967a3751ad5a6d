/** eliminarLead (active): removes a lead with its conversation and transcript, then re-reads the list. */
import { LEADS_MSG, type Lead } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { leadsKey } from './useLeads';
import { transcriptKey } from './useTranscript';

export function useDeleteLead() {
  return useCallableMutation({
    mutationFn: (id: string) => callFunction('eliminarLead', { id }),
    success: LEADS_MSG.leadDeleted,
    invalidates: [leadsKey],
    onSuccess: ({ id }, _id, _onMutate, { client }) => {
      client.setQueryData<Lead[]>(leadsKey, (old) => old?.filter((lead) => lead.id !== id));
      client.removeQueries({ queryKey: transcriptKey(id) });
    },
  });
}
