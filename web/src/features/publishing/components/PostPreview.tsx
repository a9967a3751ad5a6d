/**
 * A post in one network's shape (issue 13 item 2: "a preview in each network's shape", Mixpost's
 * per-network previews), from the shared `previewShape`: the title where the network shows one,
 * the text above, below or over the media and folded where the feed folds it («… más»), the media
 * one at a time, in a grid or in a carousel, videos in the network's frame (9:16, 16:9) — and
 * under it the exact Spanish reasons from `validatePost` why it cannot go out, or that it can:
 * in red where they block (saving, approving), as an amber note where nothing refuses the post
 * for them (a proposed post for a network that is not connected).
 */
import type { CSSProperties, ReactNode } from 'react';
import { previewShape, type PostProblem, type PreviewShape, type SocialNetwork } from '@director-ia/shared';
import { NetworkMark } from '../../social';
import { PUBLISHING_UI } from '../labels';
import type { PreviewMedia } from '../media';
import styles from './publishing.module.css';

/** `text` as the feed first shows it: whole, or cut at a word boundary before `cut` characters with the fold mark. */
export function foldText(text: string, cut: number | null): { shown: string; folded: boolean } {
  const characters = [...text];
  if (cut === null || characters.length <= cut) return { shown: text, folded: false };
  const head = characters.slice(0, cut).join('');
  const space = head.search(/\s\S*$/u);
  return { shown: (space > cut / 2 ? head.slice(0, space) : head).trimEnd(), folded: true };
}

export interface PostPreviewProps {
  network: SocialNetwork;
  text: string;
  title?: string | undefined;
  media?: readonly PreviewMedia[];
  /** validatePost's answer for this network (and any reason of the caller's, e.g. a media item gone); undefined before the first one. */
  problems: readonly ShownProblem[] | undefined;
  checking?: boolean;
  /** The problems refuse the post (default); false shows them as a note. */
  blocking?: boolean;
}

/** One reason shown: a validatePost problem, or one of the caller's with its own code. */
export type ShownProblem = Pick<PostProblem, 'message'> & { code: string };

export function PostPreview({ network, text, title, media = [], problems, checking = false, blocking = true }: PostPreviewProps) {
  const shape = previewShape(network);
  const words = <PreviewText shape={shape} text={text} title={title} />;
  return (
    <section className={styles.preview} aria-label={PUBLISHING_UI.preview(network)} data-network={network}>
      <div className={styles.card} data-text-position={shape.textPosition}>
        <header className={styles.author}>
          <NetworkMark network={network} />
          <span>{PUBLISHING_UI.author}</span>
        </header>
        {shape.textPosition === 'above' && words}
        {media.length > 0 && <PreviewMediaBlock shape={shape} media={media} overlay={shape.textPosition === 'over' ? words : null} />}
        {(shape.textPosition === 'below' || (shape.textPosition === 'over' && media.length === 0)) && words}
      </div>
      <ProblemList network={network} problems={problems} checking={checking} blocking={blocking} />
    </section>
  );
}

function PreviewText({ shape, text, title }: { shape: PreviewShape; text: string; title?: string | undefined }) {
  const { shown, folded } = foldText(text, shape.textCut);
  return (
    <div className={styles.text}>
      {shape.title && title && <strong className={styles.title}>{title}</strong>}
      {shown && (
        <p>
          {shown}
          {folded && <span className={styles.more}>{PUBLISHING_UI.more}</span>}
        </p>
      )}
    </div>
  );
}

function PreviewMediaBlock({ shape, media, overlay }: { shape: PreviewShape; media: readonly PreviewMedia[]; overlay: ReactNode }) {
  const shown = shape.mediaGrid === 'single' ? media.slice(0, 1) : shape.mediaGrid === 'grid' ? media.slice(0, 4) : media;
  return (
    <div className={styles.media} data-layout={shape.mediaGrid} data-count={shown.length}>
      {shown.map((item) => (
        <PreviewItem key={item.id} item={item} frame={shape.videoFrame} />
      ))}
      {media.length > 1 && shape.mediaGrid !== 'grid' && <span className={styles.counter}>{PUBLISHING_UI.mediaCount(1, media.length)}</span>}
      {shape.mediaGrid === 'grid' && media.length > 4 && <span className={styles.counter}>+{media.length - 4}</span>}
      {overlay && <div className={styles.overlay}>{overlay}</div>}
    </div>
  );
}

function PreviewItem({ item, frame }: { item: PreviewMedia; frame: number | null }) {
  if (item.kind === 'image') return <img className={styles.item} src={item.url} alt="" loading="lazy" />;
  const style = frame ? ({ aspectRatio: String(frame) } as CSSProperties) : undefined;
  return <video className={styles.item} data-frame={frame ?? undefined} style={style} src={item.url} muted playsInline preload="metadata" controls />;
}

/** validatePost's reasons for `network` (a group named 'Problemas para …', `data-blocking` true or false), or that it can go out. */
export function ProblemList({ network, problems, checking = false, blocking = true }: { network: SocialNetwork; problems: readonly ShownProblem[] | undefined; checking?: boolean; blocking?: boolean }) {
  if (problems === undefined) {
    return (
      <p role="status" className={styles.checking}>
        {PUBLISHING_UI.checking}
      </p>
    );
  }
  if (problems.length === 0) {
    return <p className={styles.ready}>{checking ? PUBLISHING_UI.checking : PUBLISHING_UI.ready(network)}</p>;
  }
  // A group of paragraphs rather than a list: the plan panel's posts are list items, counted as such.
  return (
    <div role="group" className={blocking ? styles.problems : styles.problemsNote} data-blocking={blocking} aria-label={PUBLISHING_UI.problemsOf(network)} aria-busy={checking || undefined}>
      {problems.map((problem) => (
        <p key={problem.message} data-code={problem.code}>
          {problem.message}
        </p>
      ))}
    </div>
  );
}
