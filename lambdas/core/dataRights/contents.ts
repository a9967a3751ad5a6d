/**
 * What an owner's data is, for the export (issue 17 item 2): every item of the partition
 * `user#<sub>` grouped by entity, plus the items outside it that are theirs (the blog slug claim),
 * with no stored secret (sealed tokens, keys and passwords, secret hashes, PKCE verifiers) and no
 * derived bulk (knowledge chunks' embeddings), and without the table's key attributes.
 *
 * - `collectOwnerData(sub)` → `{files: Record<fileName, unknown>, counts}`: one JSON document per
 *   entity (`<entity>.json`), conversations with their messages nested (`conversaciones.json`).
 *   Items without an entity (quota and rate counters) are left out: they are operational, not data
 *   about the owner.
 * - `sanitize(item)` → the item without keys and secrets (exported for tests).
 */
import { TABLE_SCHEMA } from '@director-ia/shared';
import { blogSettings } from '../../platform/db/entities/blogSettings';
import { blogSlugs } from '../../platform/db/entities/blogSlug';
import { queryPartition, type RawItem } from '../../platform/db/partition';

/** Attributes never exported: the table's keys, ElectroDB's markers, and anything sealed or hashed. */
const DROPPED = new Set<string>([
  TABLE_SCHEMA.partitionKey,
  TABLE_SCHEMA.sortKey,
  TABLE_SCHEMA.gsi1.partitionKey,
  TABLE_SCHEMA.gsi1.sortKey,
  '__edb_e__',
  '__edb_v__',
  'secretHash',
  'embedding',
  'leaseId',
]);
/** A sealed value, or anything named like a secret; `<name>Hint` (its last characters, the mask the UI shows) stays. */
const isSecretName = (name: string): boolean => name.endsWith('Sealed') || (!name.endsWith('Hint') && /token|secret|password|verifier/i.test(name));

/** Entities exported under another name, or not at all (null). */
const FILE_NAMES: Record<string, string | null> = {
  profile: 'perfil',
  aiSettings: 'ajustes-ia',
  integrationSettings: 'integraciones',
  blogSettings: 'ajustes-blog',
  inboxRules: 'reglas-bandeja',
  dataSettings: 'ajustes-datos',
  scheduledPost: 'publicaciones',
  planProposal: 'propuestas-plan',
  article: 'articulos',
  knowledgeDocument: 'documentos',
  knowledgeChunk: null,
  lead: 'leads',
  conversation: 'conversaciones',
  conversationMessage: null,
  campaign: 'campanas',
  asset: 'recursos',
  chatMessage: 'chat-movil',
  socialConnection: 'redes-sociales',
  publication: 'publicaciones-redes',
  trackedLink: 'enlaces',
  dataExport: null,
  oauthStateRef: null,
};

/** The item without keys, markers and secrets (nested maps and lists included). */
export function sanitize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sanitize);
  if (value instanceof Uint8Array) return undefined;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [name, inner] of Object.entries(value)) {
      if (DROPPED.has(name) || isSecretName(name)) continue;
      const clean = sanitize(inner);
      if (clean !== undefined) out[name] = clean;
    }
    return out;
  }
  return value;
}

export interface OwnerData {
  /** File name (without `.json`) → its JSON value. */
  files: Record<string, unknown>;
  /** Items exported per file. */
  counts: Record<string, number>;
}

/** Every raw item of `sub`'s partition, page by page. */
async function partitionItems(sub: string): Promise<RawItem[]> {
  const items: RawItem[] = [];
  let next: RawItem | undefined;
  do {
    const page = await queryPartition(`user#${sub}`, next ? { startKey: next } : {});
    items.push(...page.items);
    next = page.next;
  } while (next);
  return items;
}

/** The owner's data (see the module header). */
export async function collectOwnerData(sub: string): Promise<OwnerData> {
  const groups = new Map<string, Record<string, unknown>[]>();
  const messages = new Map<string, Record<string, unknown>[]>();
  for (const item of await partitionItems(sub)) {
    const entity = typeof item.__edb_e__ === 'string' ? item.__edb_e__ : null;
    if (!entity) continue;
    const clean = sanitize(item) as Record<string, unknown>;
    if (entity === 'conversationMessage') {
      const conversationId = String(item.conversationId);
      messages.set(conversationId, [...(messages.get(conversationId) ?? []), clean]);
      continue;
    }
    const name = entity in FILE_NAMES ? FILE_NAMES[entity] : entity;
    if (!name) continue;
    groups.set(name, [...(groups.get(name) ?? []), clean]);
  }
  const conversations = groups.get('conversaciones') ?? [];
  groups.set(
    'conversaciones',
    conversations.map((conversation) => ({ ...conversation, messages: (messages.get(String(conversation.id)) ?? []).sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt))) })),
  );
  const { data: blog } = await blogSettings().get({ uid: sub }).go();
  if (blog?.slug) {
    const { data: claim } = await blogSlugs().get({ slug: blog.slug }).go();
    if (claim?.ownerSub === sub) groups.set('blog-slug', [sanitize(claim) as Record<string, unknown>]);
  }
  const files: Record<string, unknown> = {};
  const counts: Record<string, number> = {};
  for (const [name, values] of [...groups.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const single = ['perfil', 'ajustes-ia', 'integraciones', 'ajustes-blog', 'reglas-bandeja', 'ajustes-datos'].includes(name);
    files[name] = single ? (values[0] ?? null) : values;
    counts[name] = values.length;
  }
  return { files, counts };
}
