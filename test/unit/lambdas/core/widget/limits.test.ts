/**
 * The widget's abuse limits (issue 6 item 1) on the general window counters
 * (platform/db/counters.ts, whose requests and windows test/unit/lambdas/platform/db/counters.test.ts
 * covers), with DynamoDB mocked at the document client: the IP hashing, the env setting of the
 * daily cap, the Spanish 429s, the unit given back when an answer fails, and a fake table that
 * evaluates the conditions to show a limit is never passed and a new window starts from zero (the
 * integration tests run the real DynamoDB Local).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_WIDGET_DAILY_ANSWERS, WIDGET_LIMITS, WIDGET_MSG } from '@director-ia/shared';
import { counterKey } from '../../../../../lambdas/platform/db/counters';
import { toCallableError } from '../../../../../lambdas/platform/callable/errors';
import { QuotaExceededError } from '../../../../../lambdas/platform/errors';
import {
  dailyAnswersCounter,
  enforceBrandLimit,
  enforceIpLimit,
  hashIp,
  ipCounter,
  widgetDailyAnswerQuota,
  withDailyAnswer,
} from '../../../../../lambdas/core/widget/limits';
import { fakeCounterTable, mockDocumentClient } from '../../../../support/document-client';

const UID = '7d3f0a52-0000-4000-8000-00000000abcd';
const NOON = new Date('2025-03-09T12:34:56.789Z');
const dynamo = mockDocumentClient('widget-test');


describe('IP hashing', () => {
  it('never puts the IP in a key, and is stable within a UTC day only', () => {
    const key = counterKey(ipCounter('send', '203.0.113.7', NOON));
    expect(JSON.stringify(key)).not.toContain('203.0.113');
    expect(key.pk).toMatch(/^widget#ip#[A-Za-z0-9_-]{22}$/);
    expect(hashIp('203.0.113.7', NOON)).toBe(hashIp('203.0.113.7', new Date('2025-03-09T00:00:01Z')));
    expect(hashIp('203.0.113.7', NOON)).not.toBe(hashIp('203.0.113.7', new Date('2025-03-10T00:00:01Z')));
    expect(hashIp('203.0.113.7', NOON)).not.toBe(hashIp('203.0.113.8', NOON));
  });

  it('loads and sends are counted apart', () => {
    expect(counterKey(ipCounter('load', '::1', NOON)).sk).toBe('rate#load#2025-03-09T12:34');
    expect(counterKey(ipCounter('send', '::1', NOON)).sk).toBe('rate#send#2025-03-09T12:34');
  });
});

describe('enforcing', () => {
  it(`an IP may send ${WIDGET_LIMITS.ipSendsPerMinute} a minute, then 429 with the Spanish message`, async () => {
    fakeCounterTable(dynamo);
    for (let i = 0; i < WIDGET_LIMITS.ipSendsPerMinute; i += 1) await enforceIpLimit('send', '198.51.100.1', NOON);
    const error = await enforceIpLimit('send', '198.51.100.1', NOON).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect(toCallableError(error)).toMatchObject({ status: 'RESOURCE_EXHAUSTED', httpStatus: 429, message: WIDGET_MSG.ipRateLimited });
    // Another IP, the loads of the same IP, and the next minute are not affected.
    await enforceIpLimit('send', '198.51.100.2', NOON);
    await enforceIpLimit('load', '198.51.100.1', NOON);
    await enforceIpLimit('send', '198.51.100.1', new Date(NOON.getTime() + 60_000));
  });

  it(`a brand answers ${WIDGET_LIMITS.brandSendsPerMinute} a minute, then 429`, async () => {
    fakeCounterTable(dynamo);
    for (let i = 0; i < WIDGET_LIMITS.brandSendsPerMinute; i += 1) await enforceBrandLimit(UID, NOON);
    await expect(enforceBrandLimit(UID, NOON)).rejects.toMatchObject({ kind: 'QUOTA_EXCEEDED', message: WIDGET_MSG.brandRateLimited });
    await enforceBrandLimit('another-brand', NOON);
  });
});

describe('the daily answer cap', () => {
  it(`defaults to ${DEFAULT_WIDGET_DAILY_ANSWERS} and reads WIDGET_DAILY_ANSWER_QUOTA`, () => {
    expect(widgetDailyAnswerQuota({})).toBe(DEFAULT_WIDGET_DAILY_ANSWERS);
    expect(widgetDailyAnswerQuota({ WIDGET_DAILY_ANSWER_QUOTA: ' 40 ' })).toBe(40);
    expect(widgetDailyAnswerQuota({ WIDGET_DAILY_ANSWER_QUOTA: '0' })).toBe(0);
    for (const bad of ['', '-1', '2.5', 'muchas']) expect(widgetDailyAnswerQuota({ WIDGET_DAILY_ANSWER_QUOTA: bad })).toBe(DEFAULT_WIDGET_DAILY_ANSWERS);
  });

  it('counts answers per brand per UTC day, refuses past the cap without answering, gives back a failed one', async () => {
    const table = fakeCounterTable(dynamo);
    const key = counterKey(dailyAnswersCounter(UID, NOON));
    expect(key).toEqual({ pk: `user#${UID}`, sk: 'widget#answers#2025-03-09' });
    await expect(withDailyAnswer(UID, async () => 'a', NOON, 2)).resolves.toBe('a');
    await expect(withDailyAnswer(UID, async () => Promise.reject(new Error('modelo caído')), NOON, 2)).rejects.toThrow('modelo caído');
    expect(table.count(key)).toBe(1);
    await withDailyAnswer(UID, async () => 'b', NOON, 2);
    let ran = false;
    const refused = withDailyAnswer(
      UID,
      async () => {
        ran = true;
      },
      NOON,
      2,
    );
    await expect(refused).rejects.toMatchObject({ kind: 'QUOTA_EXCEEDED', message: WIDGET_MSG.dailyLimit });
    expect(ran).toBe(false);
    await expect(withDailyAnswer(UID, async () => 'mañana', new Date('2025-03-10T00:00:01Z'), 2)).resolves.toBe('mañana');
  });
});
