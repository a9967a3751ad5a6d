/**
 * Fixed-window counters with an atomic limit: rate limits per minute and quotas per UTC day, the
 * only code that knows their keys (issue 11 item 1). A caller names a counter by kind
 * (`CounterKey`) and `counterFor(key, now)` places it in the table and in its window:
 * - `generationQuota` (core/generation/quota.ts): `user#<uid>` / `quota#generation#<day>`;
 * - `widgetIpRate` (core/widget/limits.ts): `widget#ip#<ip hash>` / `rate#<scope>#<minute>`;
 * - `widgetBrandRate`: `user#<uid>` / `widget#rate#<minute>`;
 * - `widgetDailyAnswers`: `user#<uid>` / `widget#answers#<day>`;
 * - `widgetDailyLeads` (issue 16 finding 1): `user#<uid>` / `widget#leads#<day>`;
 * - `leadNotices` (core/leads/notify.ts, issue 16 finding 1): `user#<uid>` / `notices#lead#<day>`;
 * - `dailyQuota` (core/quotas/daily.ts, issue 16 finding 2): `user#<uid>` / `quota#<quota name>#<day>`
 *   (names in shared/quotas.ts; `generation` is not one of them). One item per counter and window,
 * `{pk, sk: <prefix>#<window>, count, expiresAt}`, changed only by conditional UpdateItem:
 * - take n units: `ADD count :n SET expiresAt = if_not_exists(expiresAt, :expiresAt)` if
 *   `attribute_not_exists(count) OR count <= :limit - n` — concurrent requests can never pass the limit;
 * - give back n: `ADD count :minusN` if `count >= :n` (units taken for work that then failed).
 * Reads (`readCounts`) are plain GetItems, for showing what is left.
 *
 * Expiry: the sort key names its window (`2025-03-09T12:34` for a minute, `2025-03-09` for a UTC
 * day), so once a window is over no request reads or updates its counter again: an expired
 * counter is ignored by construction, whether or not it is still in the table. `expiresAt`
 * (TABLE_SCHEMA.timeToLiveAttribute, epoch seconds) only lets DynamoDB's TTL delete it later;
 * DynamoDB Local never deletes, which changes nothing.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { logger } from '../logger';
import { documentClient, tableName } from './client';
import { isConditionalCheckFailure } from './errors';
import { TABLE_SCHEMA, type DailyQuotaName } from '@director-ia/shared';

/** A counting window: its id (part of the key) and when its counter may be deleted (epoch seconds). */
export interface CounterWindow {
  id: string;
  expiresAt: number;
}

/** Slack before an expired counter may be deleted, seconds (clocks of concurrent Lambdas differ). */
const EXPIRY_SLACK_SECONDS = 120;

/** The UTC minute of `now` (`YYYY-MM-DDTHH:MM`). */
export function minuteWindow(now: Date): CounterWindow {
  const start = Math.floor(now.getTime() / 60_000) * 60;
  return { id: now.toISOString().slice(0, 16), expiresAt: start + 60 + EXPIRY_SLACK_SECONDS };
}

/** The UTC day of `now` (`YYYY-MM-DD`): daily quotas reset at 00:00 UTC. */
export function dayWindow(now: Date): CounterWindow {
  const start = Math.floor(now.getTime() / 86_400_000) * 86_400;
  return { id: now.toISOString().slice(0, 10), expiresAt: start + 86_400 + EXPIRY_SLACK_SECONDS };
}

/** Every counter of the table, by kind, with what names it (see the module header). */
export type CounterKey =
  | { kind: 'generationQuota'; uid: string }
  | { kind: 'widgetIpRate'; scope: 'load' | 'send'; ipHash: string }
  | { kind: 'widgetBrandRate'; uid: string }
  | { kind: 'widgetDailyAnswers'; uid: string }
  | { kind: 'widgetDailyLeads'; uid: string }
  | { kind: 'leadNotices'; uid: string }
  | { kind: 'dailyQuota'; quota: DailyQuotaName; uid: string };

/** A counter placed in the table: its partition, its sort key prefix and its window. */
export interface Counter {
  /** Partition key value (a tenant's counters live in `user#<sub>`). */
  pk: string;
  /** Sort key prefix; the window id is appended (`<prefix>#<window id>`). */
  prefix: string;
  window: CounterWindow;
}

const tenant = (uid: string) => `user#${uid}`;

/** The counter `key` names in the window of `now` (a minute for rates, a UTC day for daily quotas). */
export function counterFor(key: CounterKey, now: Date): Counter {
  switch (key.kind) {
    case 'generationQuota':
      return { pk: tenant(key.uid), prefix: 'quota#generation', window: dayWindow(now) };
    case 'widgetIpRate':
      return { pk: `widget#ip#${key.ipHash}`, prefix: `rate#${key.scope}`, window: minuteWindow(now) };
    case 'widgetBrandRate':
      return { pk: tenant(key.uid), prefix: 'widget#rate', window: minuteWindow(now) };
    case 'widgetDailyAnswers':
      return { pk: tenant(key.uid), prefix: 'widget#answers', window: dayWindow(now) };
    case 'widgetDailyLeads':
      return { pk: tenant(key.uid), prefix: 'widget#leads', window: dayWindow(now) };
    case 'leadNotices':
      return { pk: tenant(key.uid), prefix: 'notices#lead', window: dayWindow(now) };
    case 'dailyQuota':
      return { pk: tenant(key.uid), prefix: `quota#${key.quota}`, window: dayWindow(now) };
  }
}

/** The start of UTC day `day` ('YYYY-MM-DD'), to find a daily counter again from its day. */
export function startOfUtcDay(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

/** The table keys of `counter`. */
export function counterKey(counter: Counter): Record<string, string> {
  return { [TABLE_SCHEMA.partitionKey]: counter.pk, [TABLE_SCHEMA.sortKey]: `${counter.prefix}#${counter.window.id}` };
}

/**
 * Takes one unit of `counter` unless `limit` are already taken. Returns the count with this unit,
 * or null when the window is full (nothing changes then). A limit of 0 refuses without a request.
 */
export async function takeUnit(counter: Counter, limit: number): Promise<number | null> {
  if (limit <= 0) return null;
  return conditionalAdd(counter, {
    UpdateExpression: 'ADD #count :one SET #expiresAt = if_not_exists(#expiresAt, :expiresAt)',
    ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
    ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expiresAt': counter.window.expiresAt },
  });
}

/**
 * Takes `amount` (a whole number ≥ 1) units of `counter` unless that would pass `limit`. Returns
 * the count with them, or null when they do not fit (nothing changes then; no request when
 * `amount > limit`).
 */
export async function takeUnits(counter: Counter, amount: number, limit: number): Promise<number | null> {
  if (limit <= 0 || amount > limit) return null;
  return conditionalAdd(counter, {
    UpdateExpression: 'ADD #count :amount SET #expiresAt = if_not_exists(#expiresAt, :expiresAt)',
    ConditionExpression: 'attribute_not_exists(#count) OR #count <= :most',
    ExpressionAttributeValues: { ':amount': amount, ':most': limit - amount, ':expiresAt': counter.window.expiresAt },
  });
}

/** One conditional take on `counter`: the new count, or null when the condition failed. */
async function conditionalAdd(counter: Counter, update: { UpdateExpression: string; ConditionExpression: string; ExpressionAttributeValues: Record<string, number> }): Promise<number | null> {
  try {
    const out = await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: counterKey(counter),
        ...update,
        ExpressionAttributeNames: { '#count': 'count', '#expiresAt': TABLE_SCHEMA.timeToLiveAttribute },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(out.Attributes?.count ?? 1);
  } catch (error) {
    if (isConditionalCheckFailure(error)) return null;
    throw error;
  }
}

/** The counts of `counters` (0 for a counter never taken from), in order. */
export async function readCounts(counters: readonly Counter[]): Promise<number[]> {
  return Promise.all(
    counters.map(async (counter) => {
      const out = await documentClient.send(new GetCommand({ TableName: tableName(), Key: counterKey(counter), ProjectionExpression: '#count', ExpressionAttributeNames: { '#count': 'count' } }));
      return Number(out.Item?.count ?? 0);
    }),
  );
}

/**
 * Gives back a unit `takeUnit` took (to the same window). Never throws: a failure is logged, so it
 * cannot mask the error of the work that failed.
 */
export async function giveBackUnit(counter: Counter, what = 'a counter unit'): Promise<void> {
  await conditionalGiveBack(counter, what, { ':minusOne': -1, ':zero': 0 }, 'ADD #count :minusOne', '#count > :zero');
}

/** Gives back `amount` units `takeUnits` took (as giveBackUnit). */
export async function giveBackUnits(counter: Counter, amount: number, what: string): Promise<void> {
  await conditionalGiveBack(counter, what, { ':minus': -amount, ':amount': amount }, 'ADD #count :minus', '#count >= :amount');
}

async function conditionalGiveBack(counter: Counter, what: string, values: Record<string, number>, update: string, condition: string): Promise<void> {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: counterKey(counter),
        UpdateExpression: update,
        ConditionExpression: condition,
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: values,
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailure(error)) logger.warn(`Could not give back ${what}`, { prefix: counter.prefix, window: counter.window.id, error: error as Error });
  }
}
