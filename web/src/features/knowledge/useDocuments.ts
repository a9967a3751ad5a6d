/**
 * listarDocumentos (active): the owner's knowledge documents, newest first. A document just
 * uploaded is listed at once as 'procesando' (the processing event is on its way) until the
 * server records it, or for PENDING_UPLOAD_MS at most. While anything is 'procesando' the list is
 * re-read every DOCUMENTS_POLL_MS, so states change on screen without a reload.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import type { KnowledgeDocument } from '@director-ia/shared';
import { callFunction } from '../../lib/api';

export const documentsKey = ['knowledge', 'documents'] as const;
export const DOCUMENTS_POLL_MS = 1500;
export const PENDING_UPLOAD_MS = 60_000;

/** A listed document; `local` marks an upload the server has not recorded yet. */
export type ListedDocument = KnowledgeDocument & { local?: true };

export async function fetchDocuments(signal?: AbortSignal): Promise<KnowledgeDocument[]> {
  const { documents } = await callFunction('listarDocumentos', null, { signal });
  return documents;
}

export function useDocuments() {
  const queryClient = useQueryClient();
  const pending = useRef<{ doc: ListedDocument; until: number }[]>([]);
  const query = useQuery({
    queryKey: documentsKey,
    queryFn: async ({ signal }): Promise<ListedDocument[]> => {
      const docs = await fetchDocuments(signal);
      const now = Date.now();
      pending.current = pending.current.filter((p) => p.until > now && !docs.some((doc) => doc.id === p.doc.id));
      return [...pending.current.map((p) => p.doc).reverse(), ...docs];
    },
    retry: 1,
    refetchInterval: (q) => (q.state.data?.some((doc) => doc.status === 'procesando') ? DOCUMENTS_POLL_MS : false),
  });

  /** Lists a just-uploaded document as 'procesando' now and re-reads the list. */
  const addUploaded = useCallback(
    (doc: KnowledgeDocument) => {
      const listed: ListedDocument = { ...doc, local: true };
      pending.current.push({ doc: listed, until: Date.now() + PENDING_UPLOAD_MS });
      queryClient.setQueryData<ListedDocument[]>(documentsKey, (old) => [listed, ...(old ?? [])]);
      void queryClient.invalidateQueries({ queryKey: documentsKey });
    },
    [queryClient],
  );

  return { query, addUploaded };
}
