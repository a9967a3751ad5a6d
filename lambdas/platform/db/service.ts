/**
 * The single table's ElectroDB Service (architecture "Data"; issue 11 item 1): every entity of
 * platform/db/entities in one `Service`, so writes that must be all-or-nothing go through the
 * library's `service.transaction.write(...)` instead of hand-built TransactWriteItems.
 *
 * - `director()` → the process-wide Service (created on first use, once TABLE_NAME is known).
 * - `transactWrite(build)` → one TransactWriteItems of the items `build` commits (ElectroDB's
 *   `put/create/patch/update/delete/check(...).where(...).commit()`, conditions included), in order.
 *   A transaction DynamoDB cancels throws errors.ts `TransactionCancelled` with every operation's
 *   cancellation code (ElectroDB reports cancellation as a result, not an error); an empty list
 *   writes nothing; more than MAX_TRANSACTION_ITEMS items throws RangeError before any request.
 */
import { Service } from 'electrodb';
import { documentClient, tableName } from './client';
import { adminLocks } from './entities/adminLock';
import { aiSettings } from './entities/aiSettings';
import { articles } from './entities/article';
import { articleSlugs } from './entities/articleSlug';
import { assets } from './entities/asset';
import { auditEntries } from './entities/auditEntry';
import { auditRefs } from './entities/auditRef';
import { blogSchedules } from './entities/blogSchedule';
import { blogSettings } from './entities/blogSettings';
import { campaigns } from './entities/campaign';
import { blogSlugs } from './entities/blogSlug';
import { chatMessages } from './entities/chatMessage';
import { conversationMessages, conversations } from './entities/conversation';
import { inboxRoutes } from './entities/inboxRoute';
import { inboxRules } from './entities/inboxRules';
import { integrationSettings } from './entities/integrationSettings';
import { knowledgeChunks } from './entities/knowledgeChunk';
import { knowledgeDocuments } from './entities/knowledgeDocument';
import { leads } from './entities/lead';
import { migrationMarks } from './entities/migrationMark';
import { oauthStates } from './entities/oauthState';
import { oauthStateRefs } from './entities/oauthStateRef';
import { profiles } from './entities/profile';
import { publications } from './entities/publication';
import { publicationDigests } from './entities/publicationDigest';
import { rateUsages } from './entities/rateUsage';
import { planProposals, scheduledPostRefs, scheduledPosts } from './entities/scheduledPost';
import { socialConnections } from './entities/socialConnection';
import { linkClicks, linkCodes, linkSalts, linkVisitors, trackedLinks } from './entities/trackedLink';
import { userDirectory } from './entities/userDirectory';
import { videoJobs } from './entities/videoJob';
import { TransactionCancelled } from './errors';

/** Most items DynamoDB accepts in one transaction. */
export const MAX_TRANSACTION_ITEMS = 100;

function createDirectorService() {
  return new Service(
    {
      adminLock: adminLocks(),
      aiSettings: aiSettings(),
      article: articles(),
      articleSlug: articleSlugs(),
      asset: assets(),
      auditEntry: auditEntries(),
      auditRef: auditRefs(),
      blogSchedule: blogSchedules(),
      blogSettings: blogSettings(),
      blogSlug: blogSlugs(),
      campaign: campaigns(),
      chatMessage: chatMessages(),
      conversation: conversations(),
      conversationMessage: conversationMessages(),
      inboxRules: inboxRules(),
      inboxRoute: inboxRoutes(),
      integrationSettings: integrationSettings(),
      knowledgeChunk: knowledgeChunks(),
      knowledgeDocument: knowledgeDocuments(),
      lead: leads(),
      linkClicks: linkClicks(),
      linkCode: linkCodes(),
      linkSalt: linkSalts(),
      linkVisitor: linkVisitors(),
      migrationMark: migrationMarks(),
      oauthState: oauthStates(),
      oauthStateRef: oauthStateRefs(),
      profile: profiles(),
      publication: publications(),
      publicationDigest: publicationDigests(),
      rateUsage: rateUsages(),
      scheduledPost: scheduledPosts(),
      scheduledPostRef: scheduledPostRefs(),
      planProposal: planProposals(),
      socialConnection: socialConnections(),
      trackedLink: trackedLinks(),
      userDirectory: userDirectory(),
      videoJob: videoJobs(),
    },
    { client: documentClient, table: tableName() },
  );
}

export type DirectorService = ReturnType<typeof createDirectorService>;

let service: DirectorService | undefined;
/** The process-wide Service of the single table. */
export function director(): DirectorService {
  service ??= createDirectorService();
  return service;
}

/** A transaction's build function: given the entities, the committed items, in order. */
export type TransactWriteBuild = Parameters<DirectorService['transaction']['write']>[0];

/** Writes the items `build` commits in one transaction (see the module header). */
export async function transactWrite(build: TransactWriteBuild): Promise<void> {
  // Built once: the count below and ElectroDB's request must see the same items (builders may draw new ids).
  let items: ReturnType<TransactWriteBuild> | undefined;
  const transaction = director().transaction.write((entities) => (items ??= build(entities)));
  const count = transaction.params().TransactItems?.length ?? 0;
  if (count === 0) return;
  if (count > MAX_TRANSACTION_ITEMS) throw new RangeError(`a transaction holds at most ${MAX_TRANSACTION_ITEMS} items (got ${count})`);
  const result = await transaction.go();
  if (result.canceled) throw new TransactionCancelled(result.data.map((item: { code?: string }) => item.code));
}

/** The entities as a `transactWrite` build function receives them (the Service's names, transaction methods). */
export type DirectorEntities = Parameters<TransactWriteBuild>[0];

/** One committed item of a transaction (`entity.put(...).where(...).commit()`), for builders that compose transactions. */
export type CommittedWrite = ReturnType<TransactWriteBuild>[number];
