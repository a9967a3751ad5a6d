/**
 * The daily generation quota's logic (issue 4 item 6), with DynamoDB mocked at the document client:
 * the exact UpdateItem requests (atomic `ADD count :1` under `count < :limit`, per tenant per UTC
 * day, on the general counters of platform/db/counters.ts), the env setting, the 429 with its Spanish message, and the unit given back when a
 * generation fails. A small in-memory table that evaluates the same conditions shows the counter
 * never passes the quota, even under concurrent requests. (The real DynamoDB Local runs it in the
 * integration tests.)
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_DAILY_GENERATION_QUOTA, TALLER_MSG } from '@director-ia/shared';
import { AiRetryableError } from '../../../../../lambdas/platform/ai/errors';
import { toCallableError } from '../../../../../lambdas/platform/callable/errors';
import { QuotaExceededError } from '../../../../../lambdas/platform/errors';
import {
  dailyGenerationQuota,
  quotaCounterKey,
  releaseGeneration,
  reserveGeneration,
  withGenerationQuota,
} from '../../../../../lambdas/core/generation/quota';

const SUB = '7d3f0a52-0000-4000-8000-00000000abcd';
const NOON = new Date('2025-03-09T12:00:00.000Z');
const dynamo = mockClient(DynamoDBDocumentClient);
const savedEnv = { TABLE_NAME: process.env.TABLE_NAME, DAILY_GENERATION_QUOTA: process.env.DAILY_GENERATION_QUOTA };

beforeAll(() => {
  process.env.TABLE_NAME = 'quota-test';
});
afterAll(() => {
  for (const [key, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});
afterEach(() => dynamo.reset());

const conditionFailed = () => new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });

/** A table of counters that applies the requests' ADD and conditions the way DynamoDB does. */
function fakeCounters() {
  const counts = new Map<string, number>();
  dynamo.on(UpdateCommand).callsFake(async (input: UpdateCommandInput) => {
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 5)); // interleave concurrent calls
    const id = JSON.stringify(input.Key);
    const current = counts.get(id);
    const values = input.ExpressionAttributeValues as Record<string, number>;
    const ok =
      input.ConditionExpression === 'attribute_not_exists(#count) OR #count < :limit'
        ? current === undefined || current < (values[':limit'] as number)
        : current !== undefined && current > (values[':zero'] as number);
    if (!ok) throw conditionFailed();
    const next = (current ?? 0) + (values[':one'] ?? values[':minusOne'] ?? 0);
    counts.set(id, next);
    return { Attributes: { count: next } };
  });
  return { count: (sub: string, day: string) => counts.get(JSON.stringify(quotaCounterKey(sub, day))) };
}

describe('dailyGenerationQuota', () => {
  it(`defaults to ${DEFAULT_DAILY_GENERATION_QUOTA}`, () => {
    expect(DEFAULT_DAILY_GENERATION_QUOTA).toBe(30);
    expect(dailyGenerationQuota({})).toBe(30);
  });

  it.each([
    ['5', 5],
    [' 12 ', 12],
    ['0', 0],
    ['', 30],
    ['-3', 30],
    ['2.5', 30],
    ['muchas', 30],
  ])('reads DAILY_GENERATION_QUOTA=%j as %i', (value, quota) => {
    expect(dailyGenerationQuota({ DAILY_GENERATION_QUOTA: value })).toBe(quota);
  });
});

describe('reserveGeneration', () => {
  it('sends one conditional ADD to the tenant counter of the UTC day', async () => {
    dynamo.on(UpdateCommand).resolves({ Attributes: { count: 3 } });
    await expect(reserveGeneration(SUB, NOON, 7)).resolves.toEqual({ day: '2025-03-09', count: 3 });
    expect(dynamo.commandCalls(UpdateCommand).map((c) => c.args[0].input)).toEqual([
      {
        TableName: 'quota-test',
        Key: { pk: `user#${SUB}`, sk: 'quota#generation#2025-03-09' },
        UpdateExpression: 'ADD #count :one SET #expiresAt = if_not_exists(#expiresAt, :expiresAt)',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count', '#expiresAt': 'expiresAt' },
        // The day's counter may be deleted (TTL) two minutes after the day ends: 2025-03-10T00:02Z.
        ExpressionAttributeValues: { ':one': 1, ':limit': 7, ':expiresAt': 1741564920 },
        ReturnValues: 'UPDATED_NEW',
      },
    ]);
  });

  it('is 429 RESOURCE_EXHAUSTED with the Spanish message when the condition fails', async () => {
    dynamo.on(UpdateCommand).rejects(conditionFailed());
    const error = await reserveGeneration(SUB, NOON, 7).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect(error).toMatchObject({ message: TALLER_MSG.quotaExceeded(7) });
    expect(toCallableError(error)).toMatchObject({ status: 'RESOURCE_EXHAUSTED', httpStatus: 429, message: TALLER_MSG.quotaExceeded(7) });
    expect(TALLER_MSG.quotaExceeded(7)).toBe('Has alcanzado el límite diario de generaciones (7). Vuelve a intentarlo mañana.');
  });

  it('reads the quota from the environment on every call', async () => {
    dynamo.on(UpdateCommand).resolves({ Attributes: { count: 1 } });
    process.env.DAILY_GENERATION_QUOTA = '2';
    await reserveGeneration(SUB, NOON);
    process.env.DAILY_GENERATION_QUOTA = '9';
    await reserveGeneration(SUB, NOON);
    delete process.env.DAILY_GENERATION_QUOTA;
    await reserveGeneration(SUB, NOON);
    expect(dynamo.commandCalls(UpdateCommand).map((c) => c.args[0].input.ExpressionAttributeValues?.[':limit'])).toEqual([2, 9, 30]);
  });

  it('refuses everything with a quota of 0 without touching the table', async () => {
    await expect(reserveGeneration(SUB, NOON, 0)).rejects.toMatchObject({ kind: 'QUOTA_EXCEEDED' });
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('lets other failures through unchanged', async () => {
    dynamo.on(UpdateCommand).rejects(new Error('throttled'));
    await expect(reserveGeneration(SUB, NOON, 5)).rejects.toThrow('throttled');
  });
});

describe('the counter', () => {
  it('never passes the quota, even with many concurrent requests', async () => {
    const table = fakeCounters();
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => reserveGeneration(SUB, NOON, 5)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.kind)).toEqual(Array(7).fill('QUOTA_EXCEEDED'));
    expect(table.count(SUB, '2025-03-09')).toBe(5);
  });

  it('is per tenant and per UTC day', async () => {
    const table = fakeCounters();
    for (let i = 0; i < 2; i += 1) await reserveGeneration(SUB, NOON, 2);
    await expect(reserveGeneration(SUB, NOON, 2)).rejects.toMatchObject({ kind: 'QUOTA_EXCEEDED' });
    await expect(reserveGeneration('another-sub', NOON, 2)).resolves.toMatchObject({ count: 1 });
    await expect(reserveGeneration(SUB, new Date('2025-03-10T00:00:01Z'), 2)).resolves.toEqual({ day: '2025-03-10', count: 1 });
    expect(table.count(SUB, '2025-03-09')).toBe(2);
  });
});

describe('withGenerationQuota', () => {
  let table: ReturnType<typeof fakeCounters>;
  beforeEach(() => {
    table = fakeCounters();
    process.env.DAILY_GENERATION_QUOTA = '2';
  });
  afterEach(() => {
    delete process.env.DAILY_GENERATION_QUOTA;
  });

  it('counts a generation that succeeds', async () => {
    await expect(withGenerationQuota(SUB, async () => 'imagen', NOON)).resolves.toBe('imagen');
    expect(table.count(SUB, '2025-03-09')).toBe(1);
  });

  it('gives the unit back when the generation fails, and rethrows its error', async () => {
    const failure = new AiRetryableError('bedrock', 'ThrottlingException');
    await expect(withGenerationQuota(SUB, async () => Promise.reject(failure), NOON)).rejects.toBe(failure);
    expect(table.count(SUB, '2025-03-09')).toBe(0);
    // So two more generations still fit in a quota of 2, and a third does not run at all.
    await withGenerationQuota(SUB, async () => 1, NOON);
    await withGenerationQuota(SUB, async () => 2, NOON);
    let ran = false;
    await expect(
      withGenerationQuota(
        SUB,
        async () => {
          ran = true;
        },
        NOON,
      ),
    ).rejects.toMatchObject({ kind: 'QUOTA_EXCEEDED', message: TALLER_MSG.quotaExceeded(2) });
    expect(ran).toBe(false);
  });

  it('gives the unit back to the day it was taken from, even after midnight', async () => {
    const justBefore = new Date('2025-03-09T23:59:59.900Z');
    await expect(withGenerationQuota(SUB, async () => Promise.reject(new Error('tarde')), justBefore)).rejects.toThrow('tarde');
    const calls = dynamo.commandCalls(UpdateCommand).map((c) => c.args[0].input);
    expect(calls.map((c) => [c.Key?.sk, c.UpdateExpression])).toEqual([
      ['quota#generation#2025-03-09', 'ADD #count :one SET #expiresAt = if_not_exists(#expiresAt, :expiresAt)'],
      ['quota#generation#2025-03-09', 'ADD #count :minusOne'],
    ]);
    expect(calls[1]).toMatchObject({ ConditionExpression: '#count > :zero', ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 } });
  });
});

describe('releaseGeneration', () => {
  it('never throws, so it cannot mask the generation error', async () => {
    dynamo.on(UpdateCommand).rejects(new Error('network down'));
    await expect(releaseGeneration(SUB, { day: '2025-03-09' })).resolves.toBeUndefined();
    dynamo.on(UpdateCommand).rejects(conditionFailed());
    await expect(releaseGeneration(SUB, { day: '2025-03-09' })).resolves.toBeUndefined();
  });
});
