/**
 * The per-tenant daily generation quota (issue 4 item 6). Each generation (image now; avatar,
 * video and voice later) reserves one unit of the caller's counter for the current UTC day before
 * the model runs, and gives it back if the generation fails, so only generations that produced an
 * asset count, and concurrent requests can never exceed the quota (the reservation is atomic).
 *
 * Counter: one item per tenant per UTC day, `pk = user#<sub>`, `sk = quota#generation#<YYYY-MM-DD>`,
 * attribute `count`, changed only by conditional UpdateItem: `ADD count :1` if
 * `attribute_not_exists(count) OR count < :limit` (reserve), `ADD count :-1` if `count > 0`
 * (give back). A refused reservation is 429 RESOURCE_EXHAUSTED with a Spanish message.
 *
 * The quota is read from env DAILY_GENERATION_QUOTA on every call (a whole number ≥ 0; unset or
 * invalid → DEFAULT_DAILY_GENERATION_QUOTA), so the twin and tests can set it per process.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CallableError, DEFAULT_DAILY_GENERATION_QUOTA, TABLE_SCHEMA, TALLER_MSG, utcDateIso } from '@director-ia/shared';
import { documentClient, tableName } from '../../platform/db/client';
import { logger } from '../../platform/logger';

export const DAILY_GENERATION_QUOTA_ENV = 'DAILY_GENERATION_QUOTA';

/** The configured quota (see the module header). */
export function dailyGenerationQuota(env: Record<string, string | undefined> = process.env): number {
  const raw = env[DAILY_GENERATION_QUOTA_ENV]?.trim();
  if (!raw || !/^\d{1,9}$/.test(raw)) return DEFAULT_DAILY_GENERATION_QUOTA;
  return Number(raw);
}

/** Table keys of the counter of `sub` on `day`. */
export function quotaCounterKey(sub: string, day: string): Record<string, string> {
  return { [TABLE_SCHEMA.partitionKey]: `user#${sub}`, [TABLE_SCHEMA.sortKey]: `quota#generation#${day}` };
}

const isConditionFailure = (error: unknown) =>
  error instanceof ConditionalCheckFailedException || (error as { name?: string } | null)?.name === 'ConditionalCheckFailedException';

/** A reserved unit: the day it was taken from (the day it is given back to). */
export interface QuotaReservation {
  day: string;
  /** The caller's generations that day, this one included. */
  count: number;
}

/**
 * Takes one unit of `sub`'s quota for the UTC day of `now`; RESOURCE_EXHAUSTED when `limit`
 * units are already taken.
 */
export async function reserveGeneration(sub: string, now = new Date(), limit = dailyGenerationQuota()): Promise<QuotaReservation> {
  const day = utcDateIso(now); // quotas reset at 00:00 UTC
  if (limit <= 0) throw new CallableError('RESOURCE_EXHAUSTED', TALLER_MSG.quotaExceeded(limit));
  try {
    const out = await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: quotaCounterKey(sub, day),
        UpdateExpression: 'ADD #count :one',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':limit': limit },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return { day, count: Number(out.Attributes?.count ?? 1) };
  } catch (error) {
    if (isConditionFailure(error)) throw new CallableError('RESOURCE_EXHAUSTED', TALLER_MSG.quotaExceeded(limit));
    throw error;
  }
}

/**
 * Gives back a unit `reserveGeneration` took. Never throws: a failure is logged (the caller is
 * already handling the generation's own error, which must not be masked).
 */
export async function releaseGeneration(sub: string, reservation: Pick<QuotaReservation, 'day'>): Promise<void> {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: quotaCounterKey(sub, reservation.day),
        UpdateExpression: 'ADD #count :minusOne',
        ConditionExpression: '#count > :zero',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) logger.warn('Could not give back a generation quota unit', { day: reservation.day, error: error as Error });
  }
}

/**
 * Runs one generation under the quota: reserves a unit, runs `generate`, and gives the unit back
 * when `generate` throws (the error is rethrown unchanged).
 */
export async function withGenerationQuota<T>(sub: string, generate: () => Promise<T>, now = new Date()): Promise<T> {
  const reservation = await reserveGeneration(sub, now);
  try {
    return await generate();
  } catch (error) {
    await releaseGeneration(sub, reservation);
    throw error;
  }
}
