/**
 * What the sandbox's networks published (issue 13, "Red de pruebas" feed), persisted in
 * `<stateDir>/publishing.json` (rewritten atomically on each change) so a twin restart keeps it:
 * - the feed: every published item in the order received (one `seq` across the sandbox), with its
 *   network, target, post id as the network gives it, text, media (./media.ts ids), the post URL
 *   the network would give, and time;
 * - the publishing objects on their way to a post (Instagram containers, X media uploads, LinkedIn
 *   images, YouTube upload sessions, TikTok publishes, Telegram message counters), one table each;
 * - a counter behind every numeric id the networks hand out, so ids never repeat.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SocialNetwork } from '@director-ia/shared';

/** One media item of a post (a stored file, ./media.ts). */
export interface FeedMedia {
  id: string;
  /** Content type, e.g. `image/jpeg`. */
  type: string;
  /** Bytes. */
  size: number;
}

/** One published item. */
export interface FeedPost {
  /** Position in the order received, across every network (1, 2, …). */
  seq: number;
  network: SocialNetwork;
  /**
   * The post id as the network lists it: Facebook `<page>_<n>`, Instagram media id, tweet id,
   * `urn:li:share:<n>`, YouTube video id, TikTok video id, Pinterest pin id, Telegram message id.
   */
  id: string;
  /** Other ids the network's answers gave for it (Facebook photo/video id, TikTok publish_id, Telegram album messages). */
  refs?: Record<string, string>;
  /** Where it went: page, account, channel, board or chat. */
  target: { id: string; name: string };
  text: string;
  /** YouTube and TikTok titles, Pinterest pin titles. */
  title?: string;
  /** A link the post carries (Facebook `link`, Pinterest `link`). */
  link?: string;
  media: FeedMedia[];
  /** The post's URL as the network would give it; null where it gives none (TikTok private posts). */
  url: string | null;
  /** Who can see it when the network restricts it (YouTube `private`, TikTok `SELF_ONLY`). */
  visibility?: string;
  /** ISO 8601. */
  time: string;
}

interface PublishingFile {
  version: 1;
  counter: number;
  seq: number;
  posts: FeedPost[];
  tables: Record<string, Record<string, unknown>>;
}

/** A persisted table of publishing objects by id. */
export interface Table<T> {
  get(id: string): T | undefined;
  /** Stores (or replaces) the object and saves the file. */
  set(id: string, value: T): void;
  /** Removes the object (if any) and saves the file. */
  delete(id: string): void;
  values(): T[];
  ids(): string[];
}

/** The feed and the publishing objects (see the module header). `clock` = epoch ms now. */
export class PublishingStore {
  private readonly state: PublishingFile;
  private readonly file: string;

  constructor(
    directory: string,
    private readonly clock: () => number,
  ) {
    mkdirSync(directory, { recursive: true });
    this.file = path.join(directory, 'publishing.json');
    const fresh: PublishingFile = { version: 1, counter: 0, seq: 0, posts: [], tables: {} };
    this.state = existsSync(this.file) ? { ...fresh, ...(JSON.parse(readFileSync(this.file, 'utf8')) as Partial<PublishingFile>) } : fresh;
  }

  /** Writes the file (atomically). */
  save(): void {
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.state));
    renameSync(tmp, this.file);
  }

  now(): number {
    return this.clock();
  }

  /** A numeric id string of `length` digits starting with `prefix`, never given before. */
  numericId(prefix: string, length: number): string {
    this.state.counter += 1;
    this.save();
    return `${prefix}${String(this.state.counter).padStart(length - prefix.length, '0')}`;
  }

  /** Appends a published item to the feed; returns it with its `seq` and time. */
  addPost(post: Omit<FeedPost, 'seq' | 'time'>): FeedPost {
    this.state.seq += 1;
    const added: FeedPost = { seq: this.state.seq, ...post, time: new Date(this.clock()).toISOString() };
    this.state.posts.push(added);
    this.save();
    return structuredClone(added);
  }

  /** The feed, oldest first, of one network or all. */
  posts(network?: SocialNetwork): FeedPost[] {
    return this.state.posts.filter((post) => network === undefined || post.network === network).map((post) => structuredClone(post));
  }

  /** One network's post by id. */
  post(network: SocialNetwork, id: string): FeedPost | undefined {
    const found = this.state.posts.find((post) => post.network === network && post.id === id);
    return found && structuredClone(found);
  }

  table<T>(name: string): Table<T> {
    const rows = (this.state.tables[name] ??= {}) as Record<string, T>;
    return {
      get: (id) => (Object.hasOwn(rows, id) ? structuredClone(rows[id]) : undefined),
      set: (id, value) => {
        rows[id] = structuredClone(value);
        this.save();
      },
      delete: (id) => {
        if (!Object.hasOwn(rows, id)) return;
        delete rows[id];
        this.save();
      },
      values: () => Object.values(rows).map((row) => structuredClone(row)),
      ids: () => Object.keys(rows),
    };
  }
}
