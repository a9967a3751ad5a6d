/** Issue 14 'Bandeja' (page key `bandeja`): the one inbox. Being built (the web helper replaces this shell). */
import { INBOX_MSG } from '@director-ia/shared';
import { PageHeader } from '../../ui/PageHeader';

export default function BandejaPage() {
  return <PageHeader title={INBOX_MSG.title} eyebrow="Mensajes" />;
}
