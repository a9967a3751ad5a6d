/**
 * A tracked link as the dashboard shows it (issue 15 item 4): 'Enlace de seguimiento', its URL as
 * text (not a link: the owner's own clicks would count as visits) and a copy button, with the
 * usual toasts. Used by the calendar's publication rows and the blog's article list.
 */
import type { TrackedLinkView } from '@director-ia/shared';
import { Button } from '../../../ui/Button';
import { useToast } from '../../../ui/toast/toastContext';
import { PUBLISHING_UI } from '../labels';
import styles from './publishing.module.css';

export function TrackedLink({ link }: { link: TrackedLinkView }) {
  const toast = useToast();
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard API unavailable');
      await navigator.clipboard.writeText(link.url);
      toast.success(PUBLISHING_UI.linkCopied);
    } catch (error) {
      console.error('[tracked link] copy failed', error);
      toast.error(PUBLISHING_UI.linkCopyFailed);
    }
  };
  return (
    <p className={styles.trackedLink} data-link-code={link.code}>
      <span className={styles.trackedLinkLabel}>{PUBLISHING_UI.trackedLink}</span>
      <code className={styles.trackedLinkUrl}>{link.url}</code>
      <Button size="small" onClick={() => void copy()} aria-label={PUBLISHING_UI.copyLinkOf(link.url)}>
        {PUBLISHING_UI.copyLink}
      </Button>
    </p>
  );
}
