/**
 * Issue 14 'Bandeja' (page key `bandeja`, 'Bandeja de mensajes'): the one inbox. Left, the
 * conversations (widget chats, private messages and comments of the connected networks), newest
 * activity first, narrowed by channel, state and a search; right, the open conversation's thread
 * with its suggestions to approve and the reply box (on narrow screens the thread takes the whole
 * width, with a way back). 'Reglas de respuesta' opens the owner's rules. The list is re-read every
 * 10 s and the open thread every 5 s, so messages arriving by webhook and the AI's replies appear
 * on their own. Another page can open it on one conversation (a lead's 'Ver en Bandeja').
 */
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { INBOX_MSG, PAGES, type ConversationChannel, type ConversationState } from '@director-ia/shared';
import { forgetRequestedConversation, INBOX_UI, requestedConversation, useConversations, visibleConversations } from '../../features/inbox';
import { Button } from '../../ui/Button';
import { PageHeader, Panel } from '../../ui/PageHeader';
import { ConversationList, Filters } from './ConversationList';
import { RulesDialog } from './RulesDialog';
import { ThreadPanel } from './ThreadPanel';
import { useDebouncedValue, useNow } from './time';
import styles from './BandejaPage.module.css';

const page = PAGES.find((p) => p.key === 'bandeja');
/** How long the search waits for the owner to stop typing before asking the server, ms. */
const SEARCH_DEBOUNCE_MS = 400;

export default function BandejaPage() {
  const [channel, setChannel] = useState<ConversationChannel | ''>('');
  const [state, setState] = useState<ConversationState | ''>('');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string | null>(requestedConversation);
  const [rulesOpen, setRulesOpen] = useState(false);
  const now = useNow(30_000);

  useEffect(() => forgetRequestedConversation(), []);

  const serverSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const filter = { ...(channel ? { channel } : {}), ...(state ? { state } : {}) };
  const list = useConversations({ ...filter, search: serverSearch });
  const liveSearch = useDeferredValue(search);
  const all = list.data?.conversations;
  // The server list may be the previous filter's while the new one is read: narrowed here at once.
  const shown = useMemo(() => visibleConversations(all ?? [], { ...(channel ? { channel } : {}), ...(state ? { state } : {}), search: liveSearch }), [all, channel, state, liveSearch]);

  return (
    <>
      <div className={styles.heading}>
        <PageHeader title={page?.title ?? INBOX_MSG.title} eyebrow={INBOX_UI.eyebrow} subtitle={INBOX_UI.subtitle} />
        <Button onClick={() => setRulesOpen(true)} aria-haspopup="dialog">
          {INBOX_UI.rules}
        </Button>
      </div>
      <div className={styles.layout} data-open={selected ? 'thread' : 'list'}>
        <Panel className={styles.listPanel}>
          <Filters
            channel={channel}
            state={state}
            search={search}
            onChannel={setChannel}
            onState={setState}
            onSearch={setSearch}
            refreshing={list.isFetching}
            onRefresh={() => void list.refetch()}
          />
          <ConversationList query={list} shown={shown} filtered={Boolean(channel || state || search.trim())} selected={selected} onSelect={setSelected} now={now} />
        </Panel>
        <Panel className={styles.threadPanel}>
          {selected ? <ThreadPanel key={selected} id={selected} now={now} onBack={() => setSelected(null)} /> : <p className={styles.noSelection}>{INBOX_UI.noSelection}</p>}
        </Panel>
      </div>
      {rulesOpen && <RulesDialog onClose={() => setRulesOpen(false)} />}
    </>
  );
}
