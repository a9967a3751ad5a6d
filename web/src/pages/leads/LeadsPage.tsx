/**
 * Spec 2 'leads' — 'Gestión de Leads' (issue 6 item 2): the owner's real leads in a table with the
 * spec's columns (Nombre, Contacto, Fuente, Estado, Acciones) and Origen after Fuente (issue 15
 * item 4: the post, article or campaign and network that brought the person). Each row changes its status with a
 * select (Nuevo, Contactado, Interesado), opens its conversation transcript in a modal, opens its
 * conversation in Bandeja ('Ver en Bandeja', issue 14: leads from the inbox), or is deleted after
 * confirming (with its conversation); 'Exportar' downloads one lead with its conversations as JSON
 * (issue 17 item 2: a person's data on request). Fuente lists every channel the person used (issue 14). A search box (name and contact, case and
 * accents ignored) and a status filter narrow the table; 'Exportar CSV' downloads exactly the rows
 * shown (the page says so). The list re-reads itself every few seconds and on window focus, so a
 * lead captured by the website widget shows up at once; the header counts the Nuevo leads.
 */
import { useDeferredValue, useMemo, useState } from 'react';
import { filterLeads, LEAD_STATUSES, LEADS_MSG, MAX_LEAD_SEARCH_LENGTH, PAGES, type Lead, type LeadStatus } from '@director-ia/shared';
import { openConversation } from '../../features/inbox/navigation';
import { csvFileName, downloadCsv, leadsCsv } from '../../features/leads/csv';
import { LEADS_UI } from '../../features/leads/labels';
import { leadConversation, leadOriginText, leadSourcesText } from '../../features/leads/sources';
import { useExportLead } from '../../features/dataRights';
import { useDeleteLead } from '../../features/leads/useDeleteLead';
import { useLeads } from '../../features/leads/useLeads';
import { useUpdateLeadStatus } from '../../features/leads/useUpdateLeadStatus';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable } from '../../ui/DataTable';
import { Options } from '../../ui/Options';
import { SearchField } from '../../ui/SearchField';
import { Icon } from '../../ui/Icon';
import { PageHeader, Panel } from '../../ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../ui/QueryStates';
import { Spinner } from '../../ui/Spinner';
import { useToast } from '../../ui/toast/toastContext';
import { contactHref, formatDate } from './format';
import styles from './LeadsPage.module.css';
import { TranscriptModal } from './TranscriptModal';
import { PageIcon } from '../../ui/PageIcon';

const page = PAGES.find((p) => p.key === 'leads');
const ALL = '';

const STATUS_CLASS: Record<LeadStatus, string | undefined> = { Nuevo: styles.nuevo, Contactado: styles.contactado, Interesado: styles.interesado };

export default function LeadsPage() {
  const leads = useLeads();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<LeadStatus | typeof ALL>(ALL);
  const deferredSearch = useDeferredValue(search);
  const all = leads.data;
  const shown = useMemo(() => filterLeads(all ?? [], { search: deferredSearch, ...(status ? { status } : {}) }), [all, deferredSearch, status]);
  const newCount = all?.filter((lead) => lead.status === 'Nuevo').length ?? 0;
  const filtered = Boolean(search.trim() || status);
  const toast = useToast();

  const exportCsv = () => {
    downloadCsv(csvFileName(), leadsCsv(shown));
    toast.success(LEADS_MSG.csvExported(shown.length));
  };

  return (
    <>
      <div className={styles.heading}>
        <PageHeader
          title={page?.title ?? 'Gestión de Leads'}
          eyebrow={page?.label}
          subtitle="Las personas que dejaron su nombre y contacto en el chat de tu web. Cambia su estado, lee su conversación y expórtalas."
        />
        {all && (
          <p className={styles.newCount} aria-live="polite" data-testid="new-leads">
            <span className={styles.newNumber}>{newCount}</span> {newCount === 1 ? 'lead nuevo' : 'leads nuevos'}
          </p>
        )}
      </div>
      <Panel className={styles.panel}>
        <div className={styles.toolbar} role="search">
          <SearchField
            className={styles.searchField}
            label="Buscar leads"
            placeholder="Buscar por nombre o contacto"
            value={search}
            maxLength={MAX_LEAD_SEARCH_LENGTH}
            onValue={setSearch}
          />
          <label className={styles.filterField}>
            <span>Estado</span>
            <select value={status} onChange={(event) => setStatus(event.target.value as LeadStatus | typeof ALL)} aria-label="Filtrar por estado">
              <option value={ALL}>Todos</option>
              <Options values={LEAD_STATUSES} />
            </select>
          </label>
          <Button size="small" onClick={() => void leads.refetch()} disabled={leads.isFetching} aria-label="Actualizar leads">
            {leads.isFetching ? <Spinner /> : <Icon name="refresh" size={16} />}
          </Button>
          <div className={styles.export}>
            <Button size="small" variant="primary" onClick={exportCsv} disabled={shown.length === 0}>
              <PageIcon name="download" />
              Exportar CSV
            </Button>
            {all && all.length > 0 && (
              <span className={styles.exportNote}>
                {filtered ? `${shown.length === 1 ? 'Exporta el lead mostrado' : `Exporta los ${shown.length} leads mostrados`} (búsqueda y filtro aplicados)` : `Exporta todos los leads (${all.length})`}
              </span>
            )}
          </div>
        </div>
        <LeadsBody query={leads} shown={shown} />
      </Panel>
    </>
  );
}

function LeadsBody({ query, shown }: { query: ReturnType<typeof useLeads>; shown: Lead[] }) {
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={query.refetch} />;
  if (query.data.length === 0) return <EmptyState icon={<Icon name="users" size={28} />}>{LEADS_MSG.noLeads}</EmptyState>;
  if (shown.length === 0) return <EmptyState icon={<PageIcon name="search" />}>{LEADS_MSG.noMatches}</EmptyState>;
  return <LeadsTable leads={shown} />;
}

function ContactLink({ lead }: { lead: Lead }) {
  // A network profile (issue 14) is a name or @handle: answered in its Bandeja conversation, not a link.
  if (lead.contactType === 'profile') return <span className={styles.profile}>{lead.contact}</span>;
  const href = contactHref(lead.contactType, lead.contact);
  if (href === null) return <span className={styles.profile}>{lead.contact}</span>;
  return (
    <a className={styles.contact} href={href}>
      {lead.contact}
    </a>
  );
}

function LeadsTable({ leads }: { leads: Lead[] }) {
  const update = useUpdateLeadStatus();
  const remove = useDeleteLead();
  const exportLead = useExportLead();
  const [reading, setReading] = useState<Lead | null>(null);
  const [confirming, setConfirming] = useState<Lead | null>(null);

  return (
    <DataTable
      label="Leads"
      columns={['Nombre', 'Contacto', 'Fuente', LEADS_UI.origin, 'Estado', 'Acciones']}
      overlays={
        <>
          {reading && <TranscriptModal lead={reading} onClose={() => setReading(null)} />}
          {confirming && (
            <ConfirmDialog title="Eliminar lead" onConfirm={() => remove.mutate(confirming.id)} onCancel={() => setConfirming(null)}>
              ¿Eliminar el lead <strong>{confirming.name}</strong>? También se borrarán sus conversaciones y mensajes. No se puede deshacer.
            </ConfirmDialog>
          )}
        </>
      }
    >
      {leads.map((lead) => {
        const saving = update.isPending && update.variables?.id === lead.id;
        const deleting = remove.isPending && remove.variables === lead.id;
        const inboxConversation = leadConversation(lead);
        return (
          <tr key={lead.id} data-lead-id={lead.id}>
            <td className={styles.name}>
              <span>{lead.name}</span>
              <time className={styles.date} dateTime={lead.createdAt}>
                {formatDate(lead.createdAt)}
              </time>
            </td>
            <td>
              <ContactLink lead={lead} />
            </td>
            <td className={styles.source}>{leadSourcesText(lead)}</td>
            <td className={styles.origin}>{leadOriginText(lead) || LEADS_UI.noOrigin}</td>
            <td>
              <select
                className={`${styles.status} ${STATUS_CLASS[lead.status] ?? ''}`}
                value={lead.status}
                aria-label={`Estado de ${lead.name}`}
                aria-busy={saving}
                disabled={saving || deleting}
                onChange={(event) => update.mutate({ id: lead.id, status: event.target.value as LeadStatus })}
              >
                <Options values={LEAD_STATUSES} />
              </select>
            </td>
            <td className={styles.actions}>
              <Button size="small" onClick={() => setReading(lead)} aria-label={`Ver conversación de ${lead.name}`}>
                <Icon name="chat" size={16} />
                Conversación
              </Button>
              {inboxConversation && (
                <Button size="small" onClick={() => openConversation(inboxConversation)} aria-label={`Ver en Bandeja la conversación de ${lead.name}`}>
                  <Icon name="chat" size={16} />
                  Ver en Bandeja
                </Button>
              )}
              <Button size="small" disabled={exportLead.isPending && exportLead.variables === lead.id} onClick={() => exportLead.mutate(lead.id)} aria-label={`Exportar datos de ${lead.name}`}>
                <PageIcon name="download" />
                Exportar
              </Button>
              <Button size="small" variant="danger" disabled={deleting} aria-busy={deleting} onClick={() => setConfirming(lead)} aria-label={`Eliminar lead ${lead.name}`}>
                {deleting ? <Spinner /> : <PageIcon name="trash" />}
                Eliminar
              </Button>
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
