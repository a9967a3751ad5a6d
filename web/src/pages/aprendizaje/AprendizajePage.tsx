/**
 * Spec 2 'aprendizaje' — 'Base de Aprendizaje de la IA': an upload area (click or drag and drop;
 * PDF, TXT, DOCX; first file only; checked before any URL is requested) with a progress bar, and
 * the list of documents with name, size in KB with one decimal, processing state (procesando /
 * listo / error with its reason) and a delete button with confirmation. The list re-reads itself
 * while a document is being processed.
 */
import { useCallback, useRef, useState, type DragEvent } from 'react';
import { declaredContentType, formatKb, PAGES, UPLOAD_MSG, UPLOAD_RULES, type KnowledgeDocument } from '@director-ia/shared';
import { knowledgeFileProblem } from '../../features/knowledge/uploadDocument';
import { useDeleteDocument } from '../../features/knowledge/useDeleteDocument';
import { useDocuments, type ListedDocument } from '../../features/knowledge/useDocuments';
import { useUploadDocument } from '../../features/knowledge/useUploadDocument';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ListHeading } from '../../ui/ListHeading';
import { PageHeader, Panel } from '../../ui/PageHeader';
import { EmptyState, QueryList } from '../../ui/QueryStates';
import { Spinner } from '../../ui/Spinner';
import { useToast } from '../../ui/toast/toastContext';
import styles from './AprendizajePage.module.css';
import { PageIcon } from '../../ui/PageIcon';

const RULE = UPLOAD_RULES.knowledge;
const ACCEPT = [...Object.keys(RULE.types).map((ext) => `.${ext}`), ...new Set(Object.values(RULE.types))].join(',');
const MAX_MB = RULE.maxBytes / (1024 * 1024);

const page = PAGES.find((p) => p.key === 'aprendizaje');
const dateFormat = new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'short' });

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateFormat.format(date);
}

export default function AprendizajePage() {
  const { query: documents, addUploaded } = useDocuments();
  const onUploaded = useCallback(
    (id: string, file: File) =>
      addUploaded({
        id,
        name: file.name,
        size: file.size,
        type: declaredContentType('knowledge', file.name, file.type),
        status: 'procesando',
        uploadedAt: new Date().toISOString(),
        chunkCount: 0,
      }),
    [addUploaded],
  );

  return (
    <>
      <PageHeader
        title={page?.title ?? 'Base de Aprendizaje de la IA'}
        eyebrow={page?.label}
        subtitle="Sube documentos de tu negocio (catálogos, precios, preguntas frecuentes): la IA los leerá y usará su contenido al crear para tu marca."
      />
      <UploadArea onUploaded={onUploaded} />
      <Panel className={styles.listPanel}>
        <ListHeading title="Documentos" count={documents.data?.length} />
        <DocumentsBody query={documents} />
      </Panel>
    </>
  );
}

function UploadArea({ onUploaded }: { onUploaded: (id: string, file: File) => void }) {
  const toast = useToast();
  const upload = useUploadDocument(onUploaded);
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const busy = upload.isPending;

  const take = (files: FileList | null | undefined) => {
    const file = files?.[0]; // spec 5: only the first selected file
    if (inputRef.current) inputRef.current.value = '';
    if (!file || busy) return;
    const problem = knowledgeFileProblem(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    upload.mutate(file);
  };

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files);
  };

  const percent = Math.round(upload.progress * 100);
  return (
    <Panel className={styles.uploadPanel}>
      <label
        className={[styles.dropzone, dragging && styles.dragging, busy && styles.busy].filter(Boolean).join(' ')}
        onDragOver={(event) => {
          event.preventDefault();
          if (!busy) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <input ref={inputRef} type="file" accept={ACCEPT} className="visually-hidden" disabled={busy} onChange={(event) => take(event.target.files)} />
        <span className={styles.dropIcon}>
          <PageIcon name="upload" size={26} />
        </span>
        <span className={styles.dropTitle}>Subir documento</span>
        <span className={styles.dropText}>Haz clic para elegir un archivo o arrástralo aquí</span>
        <span className={styles.dropHint}>
          {RULE.hint} · máximo {MAX_MB} MB
        </span>
      </label>
      {busy && (
        <div className={styles.progress}>
          <div className={styles.progressLabel}>
            <span>Subiendo {upload.variables?.name}…</span>
            <span>{percent}%</span>
          </div>
          <div className={styles.progressTrack} role="progressbar" aria-label="Progreso de la subida" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
            <div className={styles.progressBar} style={{ width: `${percent}%` }} />
          </div>
        </div>
      )}
    </Panel>
  );
}

function DocumentsBody({ query }: { query: ReturnType<typeof useDocuments>['query'] }) {
  const [confirming, setConfirming] = useState<ListedDocument | null>(null);
  const remove = useDeleteDocument();

  return (
    <QueryList query={query} empty={<EmptyState icon={<PageIcon name="file" size={28} />}>{UPLOAD_MSG.noDocuments}</EmptyState>}>
      {(documents) => (
        <>
          <ul className={styles.list} aria-label="Documentos de la base de conocimiento">
            {documents.map((doc) => {
              const deleting = remove.isPending && remove.variables === doc.id;
              return (
                <li key={doc.id} className={styles.item} data-doc-id={doc.id} data-status={doc.status}>
                  <span className={styles.fileIcon}>
                    <PageIcon name="file" />
                  </span>
                  <div className={styles.info}>
                    <span className={styles.name}>{doc.name}</span>
                    <span className={styles.meta}>
                      {formatKb(doc.size)} · {formatDate(doc.uploadedAt)}
                      {doc.status === 'listo' && ` · ${doc.chunkCount} ${doc.chunkCount === 1 ? 'fragmento' : 'fragmentos'}`}
                    </span>
                    {doc.status === 'error' && doc.errorReason && <span className={styles.reason}>{doc.errorReason}</span>}
                  </div>
                  <StatusBadge status={doc.status} />
                  <Button size="small" variant="danger" aria-label={`Eliminar ${doc.name}`} disabled={deleting || doc.local} aria-busy={deleting} onClick={() => setConfirming(doc)}>
                    {deleting ? <Spinner /> : <PageIcon name="trash" size={16} />}
                    <span className={styles.deleteText}>Eliminar</span>
                  </Button>
                </li>
              );
            })}
          </ul>
          {confirming && (
            <ConfirmDialog title="Eliminar documento" onConfirm={() => remove.mutate(confirming.id)} onCancel={() => setConfirming(null)}>
              ¿Eliminar <strong>{confirming.name}</strong>? Se borrarán el archivo y todo lo que la IA aprendió de él.
            </ConfirmDialog>
          )}
        </>
      )}
    </QueryList>
  );
}

const STATUS_LABEL: Record<KnowledgeDocument['status'], string> = { procesando: 'Procesando', listo: 'Listo', error: 'Error' };

function StatusBadge({ status }: { status: KnowledgeDocument['status'] }) {
  return (
    <span className={`${styles.badge} ${styles[status]}`}>
      {status === 'procesando' && <Spinner />}
      {STATUS_LABEL[status]}
    </span>
  );
}
