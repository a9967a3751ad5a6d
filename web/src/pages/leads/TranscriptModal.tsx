/**
 * The conversation of a lead (issue 6 item 2): who the lead is (contact, source, origin (issue 15
 * item 4), date, the consent
 * sentence they accepted and when) and the chat they had with the website widget, oldest first,
 * each line with its author (Visitante / Asistente) and time. Everything is shown as text.
 */
import { LEADS_MSG, TRANSCRIPT_ROLE_LABELS, type Lead } from '@director-ia/shared';
import { LEADS_UI } from '../../features/leads/labels';
import { leadOriginText, leadSourcesText } from '../../features/leads/sources';
import { useTranscript } from '../../features/leads/useTranscript';
import { Icon } from '../../ui/Icon';
import { Modal } from '../../ui/Modal';
import { EmptyState, QueryList } from '../../ui/QueryStates';
import { formatDate, formatTime } from './format';
import styles from './LeadsPage.module.css';

export function TranscriptModal({ lead, onClose }: { lead: Lead; onClose: () => void }) {
  const transcript = useTranscript(lead.id);
  return (
    <Modal title={`Conversación con ${lead.name}`} maxWidth={640} onClose={onClose}>
      <dl className={styles.details}>
        <div>
          <dt>Contacto</dt>
          <dd>{lead.contact}</dd>
        </div>
        <div>
          <dt>Fuente</dt>
          <dd>{leadSourcesText(lead)}</dd>
        </div>
        <div>
          <dt>{LEADS_UI.origin}</dt>
          <dd>{leadOriginText(lead) || LEADS_UI.noOrigin}</dd>
        </div>
        <div>
          <dt>Fecha</dt>
          <dd>
            <time dateTime={lead.createdAt}>{formatDate(lead.createdAt)}</time>
          </dd>
        </div>
        <div className={styles.consent}>
          <dt>Consentimiento</dt>
          <dd>
            «{lead.consentText}» · <time dateTime={lead.consentAt}>{formatDate(lead.consentAt)}</time>
          </dd>
        </div>
      </dl>
      <QueryList query={transcript} empty={<EmptyState icon={<Icon name="chat" size={28} />}>{LEADS_MSG.noTranscript}</EmptyState>}>
        {(messages) => (
          <ol className={styles.transcript} aria-label="Transcripción">
            {messages.map((message, index) => (
              <li key={`${message.createdAt}-${index}`} className={message.role === 'visitor' ? styles.visitor : styles.assistant}>
                <span className={styles.author}>
                  {TRANSCRIPT_ROLE_LABELS[message.role]} · <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
                </span>
                <p className={styles.text}>{message.text}</p>
              </li>
            ))}
          </ol>
        )}
      </QueryList>
    </Modal>
  );
}
