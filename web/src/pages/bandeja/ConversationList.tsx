/**
 * The conversation list of Bandeja (issue 14 item 1): the filters (channel, state, search) and one
 * button per conversation with its channel and kind, the person, the last message and its author,
 * when, the unread count, the state and the sandbox tag. Each button carries
 * `data-conversation-id`, `data-state` and `data-unread`; the open one is `aria-current`.
 */
import {
  CONVERSATION_CHANNEL_LABELS,
  CONVERSATION_CHANNELS,
  CONVERSATION_STATE_LABELS,
  CONVERSATION_STATES,
  INBOX_MSG,
  MAX_INBOX_SEARCH_LENGTH,
  type ConversationChannel,
  type ConversationState,
  type ConversationSummary,
} from '@director-ia/shared';
import { absoluteTime, channelText, INBOX_UI, lastMessageText, relativeTime, type ConversationList as ListData } from '../../features/inbox';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { PageIcon } from '../../ui/PageIcon';
import { EmptyState, ErrorState, LoadingState } from '../../ui/QueryStates';
import { SearchField } from '../../ui/SearchField';
import { Spinner } from '../../ui/Spinner';
import styles from './BandejaPage.module.css';

interface FiltersProps {
  channel: ConversationChannel | '';
  state: ConversationState | '';
  search: string;
  onChannel: (channel: ConversationChannel | '') => void;
  onState: (state: ConversationState | '') => void;
  onSearch: (search: string) => void;
  refreshing: boolean;
  onRefresh: () => void;
}

export function Filters({ channel, state, search, onChannel, onState, onSearch, refreshing, onRefresh }: FiltersProps) {
  return (
    <div className={styles.toolbar} role="search">
      <SearchField label={INBOX_UI.searchLabel} placeholder={INBOX_UI.searchPlaceholder} value={search} maxLength={MAX_INBOX_SEARCH_LENGTH} onValue={onSearch} />
      <div className={styles.filters}>
        <select value={channel} onChange={(event) => onChannel(event.target.value as ConversationChannel | '')} aria-label={INBOX_UI.channelFilter}>
          <option value="">{INBOX_UI.allChannels}</option>
          {CONVERSATION_CHANNELS.map((value) => (
            <option key={value} value={value}>
              {value === 'widget' ? 'Web' : CONVERSATION_CHANNEL_LABELS[value]}
            </option>
          ))}
        </select>
        <select value={state} onChange={(event) => onState(event.target.value as ConversationState | '')} aria-label={INBOX_UI.stateFilter}>
          <option value="">{INBOX_UI.allStates}</option>
          {CONVERSATION_STATES.map((value) => (
            <option key={value} value={value}>
              {CONVERSATION_STATE_LABELS[value]}
            </option>
          ))}
        </select>
        <Button size="small" onClick={onRefresh} disabled={refreshing} aria-label={INBOX_UI.refresh}>
          {refreshing ? <Spinner /> : <Icon name="refresh" size={16} />}
        </Button>
      </div>
    </div>
  );
}

interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: ListData | undefined;
  refetch: () => unknown;
}

interface ListProps {
  query: ListQuery;
  /** The conversations the filters leave, in order. */
  shown: readonly ConversationSummary[];
  /** Whether a channel, state or search narrows the list (then an empty list is a no-match). */
  filtered: boolean;
  selected: string | null;
  onSelect: (id: string) => void;
  now: number;
}

export function ConversationList({ query, shown, filtered, selected, onSelect, now }: ListProps) {
  if (query.isPending) return <LoadingState />;
  if (query.isError && !query.data) return <ErrorState error={query.error} onRetry={query.refetch} />;
  if (!filtered && query.data?.conversations.length === 0) return <EmptyState icon={<Icon name="chat" size={28} />}>{INBOX_MSG.empty}</EmptyState>;
  if (shown.length === 0) return <EmptyState icon={<PageIcon name="search" />}>{INBOX_MSG.noMatches}</EmptyState>;
  return (
    <ul className={styles.list} aria-label={INBOX_UI.listLabel}>
      {shown.map((conversation) => (
        <li key={conversation.id}>
          <ConversationRow conversation={conversation} current={conversation.id === selected} onSelect={onSelect} now={now} />
        </li>
      ))}
    </ul>
  );
}

function ConversationRow({ conversation, current, onSelect, now }: { conversation: ConversationSummary; current: boolean; onSelect: (id: string) => void; now: number }) {
  return (
    <button
      type="button"
      className={styles.row}
      data-conversation-id={conversation.id}
      data-state={conversation.state}
      data-unread={conversation.unread}
      aria-current={current ? 'true' : undefined}
      onClick={() => onSelect(conversation.id)}
    >
      <span className={styles.rowTop}>
        <span className={styles.channel} data-channel={conversation.channel}>
          {channelText(conversation)}
        </span>
        {conversation.sandbox && <span className={styles.sandbox}>{INBOX_MSG.sandboxLabel}</span>}
        <time className={styles.when} dateTime={conversation.lastMessageAt} title={absoluteTime(conversation.lastMessageAt)}>
          {relativeTime(conversation.lastMessageAt, now)}
        </time>
      </span>
      <span className={styles.rowName}>
        <span className={styles.customer}>{conversation.customerName}</span>
        {conversation.unread > 0 && (
          <span className={styles.unread}>
            {conversation.unread}
            <span className="visually-hidden"> sin leer</span>
          </span>
        )}
      </span>
      <span className={styles.last}>{lastMessageText(conversation)}</span>
      <span className={styles.stateLabel} data-tone={conversation.state}>
        {CONVERSATION_STATE_LABELS[conversation.state]}
      </span>
    </button>
  );
}
