/** eliminarLead (active): removes a lead with its conversation and transcript, then re-reads the list. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LEADS_MSG, MSG, type Lead } from '@director-ia/shared';
import { callFunction, errorMessage } from '../../lib/api';
import { useToast } from '../../ui/toast/toastContext';
import { leadsKey } from './useLeads';
import { transcriptKey } from './useTranscript';

export function deleteLead(id: string) {
  return callFunction('eliminarLead', { id });
}

export function useDeleteLead() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: deleteLead,
    onSuccess: ({ id }) => {
      queryClient.setQueryData<Lead[]>(leadsKey, (old) => old?.filter((lead) => lead.id !== id));
      queryClient.removeQueries({ queryKey: transcriptKey(id) });
      toast.success(LEADS_MSG.leadDeleted);
    },
    onError: (error) => toast.error(MSG.errorPrefix + errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: leadsKey }),
  });
}
