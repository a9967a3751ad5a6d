/**
 * The month calendar of the Plan de Contenidos (spec 2 'calendario'; issue 5 item 1): a table of
 * weeks, Sunday first, with Spanish day names; today is highlighted (aria-current="date"); each
 * day lists its posts as buttons coloured by status — 'propuesto', 'aprobado', anything else red —
 * and the posts of a pending proposal as dashed 'propuesto' marks; the day-1 cell holds
 * `dayOneAction` ('Generar Plan Mensual'). Dates are calendar dates ('YYYY-MM-DD'): a post dated
 * the 1st is in the 1st's cell whatever the browser's time zone. Each post shows its time ('HH:mm',
 * the brand's zone, issue 13 item 1) and a day's posts are in time order. Under each post, one chip
 * per publication (issue 13 item 4): network and state ('Programado', 'Publicado', 'Error'…),
 * coloured like the posts (on its way green, publicado a distinct green, error and anything else
 * red), the reason on hover and in its accessible name, "Red de pruebas" for the twin's sandbox;
 * a past post that never went out reads 'No publicado'. Chips carry `data-network` and
 * `data-state` (stable hooks for the end-to-end tests).
 */
import type { ReactNode } from 'react';
import {
  DAY_NAMES_ES,
  DAY_SHORT_NAMES_ES,
  isPostStatus,
  longDateLabel,
  monthGrid,
  monthLabel,
  POST_STATUS_LABELS,
  PUBLICATION_STATE_LABELS,
  SOCIAL_MSG,
  SOCIAL_NETWORK_LABELS,
  socialNetworkLabel,
  type PlannedPost,
  type ScheduledPost,
} from '@director-ia/shared';
import { publicationChips, publicationTone, PUBLISHING_UI, type PublicationChip } from '../../features/publishing';
import styles from './CalendarioPage.module.css';

/** 'propuesto' | 'aprobado' | 'other' (shown red). */
export function statusTone(status: string): 'propuesto' | 'aprobado' | 'other' {
  return isPostStatus(status) ? status : 'other';
}

export function statusLabel(status: string): string {
  return isPostStatus(status) ? POST_STATUS_LABELS[status] : status;
}

export interface MonthGridProps {
  month: string;
  /** Today's date in the browser's zone. */
  today: string;
  posts: readonly ScheduledPost[];
  /** Posts of the pending proposal (shown, not yet saved). */
  proposed?: readonly PlannedPost[];
  onOpenPost: (post: ScheduledPost) => void;
  dayOneAction?: ReactNode;
  /** The current instant, ms (a past post that never went out reads 'No publicado'). */
  now: number;
  /** The brand's time zone (the posts' times are wall-clock times there); the default zone until read. */
  timeZone?: string | undefined;
}

/** Posts by date, each day's in time order (a stable sort: equal times keep the server's order). */
function byDate<T extends { scheduledDate: string; time: string }>(items: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of [...items].sort((a, b) => a.time.localeCompare(b.time))) map.set(item.scheduledDate, [...(map.get(item.scheduledDate) ?? []), item]);
  return map;
}

/** A post's accessible name: 'Título · 19:00 · Instagram · Aprobado'. */
export function postAccessibleName(post: Pick<ScheduledPost, 'title' | 'time' | 'platform' | 'status'>): string {
  return `${post.title} · ${post.time} · ${socialNetworkLabel(post.platform)} · ${statusLabel(post.status)}`;
}

/** One publication's chip: network and state, the reason on hover and in its name. */
export function PublicationChipMark({ chip }: { chip: PublicationChip }) {
  const name = PUBLISHING_UI.chip(chip.network, chip.state, chip.targetName, chip.reason, chip.sandbox);
  return (
    <li className={styles.chip} data-network={chip.network} data-state={chip.state} data-tone={publicationTone(chip.state)} title={name} aria-label={name}>
      <span className={styles.chipNetwork}>{SOCIAL_NETWORK_LABELS[chip.network]}</span> {PUBLICATION_STATE_LABELS[chip.state]}
      {chip.sandbox && <span className={styles.chipSandbox}>{SOCIAL_MSG.sandbox}</span>}
    </li>
  );
}

export function MonthGrid({ month, today, posts, proposed = [], onOpenPost, dayOneAction, now, timeZone }: MonthGridProps) {
  const saved = byDate(posts);
  const pending = byDate(proposed);
  return (
    <div role="table" aria-label={`Calendario de ${monthLabel(month)}`} className={styles.grid}>
      <div role="row" className={styles.weekHeader}>
        {DAY_SHORT_NAMES_ES.map((short, i) => (
          <span key={short} role="columnheader" className={styles.dayName} aria-label={DAY_NAMES_ES[i]}>
            {short}
          </span>
        ))}
      </div>
      {monthGrid(month).map((week) => (
        <div role="row" key={week.find((c) => c)?.date} className={styles.week}>
          {week.map((cell, column) => {
            if (!cell) return <span role="cell" key={`pad-${column}`} className={styles.pad} />;
            const isToday = cell.date === today;
            const dayPosts = saved.get(cell.date) ?? [];
            const dayProposed = pending.get(cell.date) ?? [];
            return (
              <div
                role="cell"
                key={cell.date}
                className={styles.day}
                data-date={cell.date}
                data-today={isToday || undefined}
                aria-current={isToday ? 'date' : undefined}
                aria-label={longDateLabel(cell.date)}
              >
                <span className={styles.dayNumber} aria-hidden="true">
                  {cell.day}
                  {isToday && <span className={styles.todayBadge}>Hoy</span>}
                </span>
                {cell.day === 1 && dayOneAction}
                {(dayPosts.length > 0 || dayProposed.length > 0) && (
                  <ul className={styles.posts} aria-label={`Publicaciones del ${longDateLabel(cell.date)}`}>
                    {dayPosts.map((post) => {
                      const chips = publicationChips(post, now, timeZone);
                      return (
                        <li key={post.id}>
                          <button
                            type="button"
                            className={styles.post}
                            data-status={statusTone(post.status)}
                            data-post-id={post.id}
                            aria-label={postAccessibleName(post)}
                            title={`${post.title} (${post.time}, ${socialNetworkLabel(post.platform)}, ${statusLabel(post.status)})`}
                            onClick={() => onOpenPost(post)}
                          >
                            <span className={styles.postHead}>
                              <time className={styles.postTime}>{post.time}</time>
                              <span className={styles.postNetwork}>{socialNetworkLabel(post.platform)}</span>
                            </span>
                            <span className={styles.postTitle}>{post.title}</span>
                          </button>
                          {chips.length > 0 && (
                            <ul className={styles.chips} aria-label={PUBLISHING_UI.chips}>
                              {chips.map((chip) => (
                                <PublicationChipMark key={chip.key} chip={chip} />
                              ))}
                            </ul>
                          )}
                        </li>
                      );
                    })}
                    {dayProposed.map((post) => (
                      <li key={post.id} className={styles.post} data-status="propuesto" data-proposed title={`Propuesta: ${post.title} (${post.time}, ${socialNetworkLabel(post.platform)})`}>
                        <span className={styles.postHead}>
                          <time className={styles.postTime}>{post.time}</time>
                          <span className={styles.postNetwork}>{socialNetworkLabel(post.platform)}</span>
                        </span>
                        <span className={styles.postTitle}>{post.title}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
