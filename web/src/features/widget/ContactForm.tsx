/**
 * The widget's contact form (issue 6 item 1): name, email or phone, and the consent checkbox whose
 * label is the data-protection sentence naming the brand (from obtenerWidget). 'Enviar mis datos'
 * stays disabled until the box is ticked and both fields are filled; the contact must be an email
 * or a phone (the same rule as the server); a server refusal shows its Spanish message. Issue 15
 * item 4: the form sends the frame's visit, and under the consent line says how tracked links
 * count clicks (LINK_MSG.privacyNote: no IP stored, only a salted daily hash kept two days).
 */
import { useState, type FormEvent } from 'react';
import { classifyContact, LINK_MSG, WIDGET_LIMITS, WIDGET_MSG, type Visit } from '@director-ia/shared';
import { errorMessage } from '../../lib/api';
import { useRegisterWidgetLead } from './useRegisterWidgetLead';
import styles from './Widget.module.css';

export interface ContactFormProps {
  uid: string;
  conversationId: string | null;
  /** The visit the frame was opened on (./visit.ts), if any. */
  visit?: Visit | undefined;
  consentText: string;
  onSaved: () => void;
  onCancel: () => void;
}

export function ContactForm({ uid, conversationId, visit, consentText, onSaved, onCancel }: ContactFormProps) {
  const [name, setName] = useState('');
  const [contact, setContact] = useState('');
  const [consent, setConsent] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const register = useRegisterWidgetLead();
  const ready = consent && name.trim().length > 0 && contact.trim().length > 0 && !register.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    if (!classifyContact(contact)) {
      setProblem(WIDGET_MSG.contactInvalid);
      return;
    }
    setProblem(null);
    register.mutate({ uid, conversationId, name: name.trim(), contact: contact.trim(), consent: true, ...(visit ? { visit } : {}) }, { onSuccess: onSaved, onError: (error) => setProblem(errorMessage(error)) });
  };

  return (
    <form className={styles.contactForm} onSubmit={submit} aria-labelledby="widget-contact-title">
      <h2 id="widget-contact-title" className={styles.contactTitle}>
        {WIDGET_MSG.contactTitle}
      </h2>
      <label className={styles.field}>
        <span>{WIDGET_MSG.nameLabel}</span>
        <input value={name} maxLength={WIDGET_LIMITS.maxNameLength} autoComplete="name" onChange={(event) => setName(event.target.value)} />
      </label>
      <label className={styles.field}>
        <span>{WIDGET_MSG.contactLabel}</span>
        <input value={contact} maxLength={WIDGET_LIMITS.maxContactLength} autoComplete="email" inputMode="email" onChange={(event) => setContact(event.target.value)} />
      </label>
      <label className={styles.consent}>
        <input type="checkbox" checked={consent} onChange={(event) => setConsent(event.target.checked)} />
        <span>{consentText}</span>
      </label>
      <p className={styles.privacyNote}>{LINK_MSG.privacyNote}</p>
      {problem && (
        <p className={styles.formError} role="alert">
          {problem}
        </p>
      )}
      <div className={styles.formActions}>
        <button type="button" className={styles.secondaryButton} onClick={onCancel}>
          {WIDGET_MSG.cancel}
        </button>
        <button type="submit" className={styles.sendButton} disabled={!ready}>
          {register.isPending ? 'Enviando…' : WIDGET_MSG.submitContact}
        </button>
      </div>
    </form>
  );
}
