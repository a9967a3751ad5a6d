/**
 * The fixed-window counters (lambdas/platform/db/counters.ts), with DynamoDB mocked at the document
 * client: the key of every counter kind (the stored keys other code and data depend on), the
 * windows and their expiry, the exact UpdateItem requests (atomic ADD under `count < :limit`, TTL
 * attribute set once; -1 under `count > 0`), and a fake table that evaluates the conditions to
 * show concurrent requests never pass a limit and a new window starts from zero (the integration
 * tests run the real DynamoDB Local).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { counterFor, counterKey, dayWindow, giveBackUnit, minuteWindow, startOfUtcDay, takeUnit } from '../../../../../lambdas/platform/db/counters';
import { conditionFailed, fakeCounterTable, mockDocumentClient } from '../../../../support/document-client';

const UID = '7d3f0a52-0000-4000-8000-00000000abcd';
const NOON = new Date('2025-03-09T12:34:56.789Z');
const dynamo = mockDocumentClient('counters-test');


describe('counterFor', () => {
  it('places every kind of counter under its stored key, in its window', () => {
    expect(counterKey(counterFor({ kind: 'generationQuota', uid: UID }, NOON))).toEqual({ pk: `user#${UID}`, sk: 'quota#generation#2025-03-09' });
    expect(counterKey(counterFor({ kind: 'widgetIpRate', scope: 'load', ipHash: 'h4sh' }, NOON))).toEqual({ pk: 'widget#ip#h4sh', sk: 'rate#load#2025-03-09T12:34' });
    expect(counterKey(counterFor({ kind: 'widgetIpRate', scope: 'send', ipHash: 'h4sh' }, NOON))).toEqual({ pk: 'widget#ip#h4sh', sk: 'rate#send#2025-03-09T12:34' });
    expect(counterKey(counterFor({ kind: 'widgetBrandRate', uid: UID }, NOON))).toEqual({ pk: `user#${UID}`, sk: 'widget#rate#2025-03-09T12:34' });
    expect(counterKey(counterFor({ kind: 'widgetDailyAnswers', uid: UID }, NOON))).toEqual({ pk: `user#${UID}`, sk: 'widget#answers#2025-03-09' });
  });

  it('daily counters use the day window, rates the minute window', () => {
    expect(counterFor({ kind: 'generationQuota', uid: UID }, NOON).window).toEqual(dayWindow(NOON));
    expect(counterFor({ kind: 'widgetDailyAnswers', uid: UID }, NOON).window).toEqual(dayWindow(NOON));
    expect(counterFor({ kind: 'widgetBrandRate', uid: UID }, NOON).window).toEqual(minuteWindow(NOON));
    expect(counterFor({ kind: 'widgetIpRate', scope: 'send', ipHash: 'x' }, NOON).window).toEqual(minuteWindow(NOON));
  });

  it('startOfUtcDay finds a daily counter again from its day', () => {
    expect(startOfUtcDay('2025-03-09').toISOString()).toBe('2025-03-09T00:00:00.000Z');
    expect(dayWindow(startOfUtcDay('2025-03-09'))).toEqual(dayWindow(new Date('2025-03-09T23:59:59.999Z')));
  });
});

describe('windows', () => {
  it('a minute window is the UTC minute; its counter may go two minutes after it ends', () => {
    expect(minuteWindow(NOON)).toEqual({ id: '2025-03-09T12:34', expiresAt: Date.parse('2025-03-09T12:35:00Z') / 1000 + 120 });
  });

  it('a day window is the UTC day', () => {
    expect(dayWindow(new Date('2025-03-09T23:59:59.999Z'))).toEqual({ id: '2025-03-09', expiresAt: Date.parse('2025-03-10T00:00:00Z') / 1000 + 120 });
    expect(dayWindow(new Date('2025-03-10T00:30:00+02:00')).id).toBe('2025-03-09');
  });

  it('every instant belongs to the window it names, which expires after the window ends', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (now) => {
        const minute = minuteWindow(now);
        expect(now.toISOString().startsWith(minute.id)).toBe(true);
        expect(minute.expiresAt * 1000).toBeGreaterThan(now.getTime() + 60_000 - (now.getTime() % 60_000) - 1);
        const day = dayWindow(now);
        expect(now.toISOString().startsWith(day.id)).toBe(true);
        expect(day.expiresAt * 1000).toBeGreaterThan(now.getTime());
      }),
    );
  });
});

describe('takeUnit / giveBackUnit', () => {
  const counter = counterFor({ kind: 'widgetBrandRate', uid: UID }, NOON);

  it('sends one conditional ADD that also sets the TTL attribute once', async () => {
    dynamo.on(UpdateCommand).resolves({ Attributes: { count: 4 } });
    await expect(takeUnit(counter, 60)).resolves.toBe(4);
    expect(dynamo.commandCalls(UpdateCommand).map((c) => c.args[0].input)).toEqual([
      {
        TableName: 'counters-test',
        Key: { pk: `user#${UID}`, sk: 'widget#rate#2025-03-09T12:34' },
        UpdateExpression: 'ADD #count :one SET #expiresAt = if_not_exists(#expiresAt, :expiresAt)',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count', '#expiresAt': 'expiresAt' },
        ExpressionAttributeValues: { ':one': 1, ':limit': 60, ':expiresAt': minuteWindow(NOON).expiresAt },
        ReturnValues: 'UPDATED_NEW',
      },
    ]);
  });

  it('is null when the window is full, and a limit of 0 refuses without a request', async () => {
    dynamo.on(UpdateCommand).rejects(conditionFailed());
    await expect(takeUnit(counter, 3)).resolves.toBeNull();
    dynamo.reset();
    await expect(takeUnit(counter, 0)).resolves.toBeNull();
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('lets other failures through', async () => {
    dynamo.on(UpdateCommand).rejects(new Error('throttled'));
    await expect(takeUnit(counter, 3)).rejects.toThrow('throttled');
  });

  it('gives back with a conditional ADD of -1 and never throws', async () => {
    dynamo.on(UpdateCommand).resolves({});
    await giveBackUnit(counter);
    expect(dynamo.commandCalls(UpdateCommand)[0]?.args[0].input).toMatchObject({
      Key: counterKey(counter),
      UpdateExpression: 'ADD #count :minusOne',
      ConditionExpression: '#count > :zero',
    });
    dynamo.on(UpdateCommand).rejects(new Error('network down'));
    await expect(giveBackUnit(counter)).resolves.toBeUndefined();
  });

  it('concurrent requests never pass the limit; the next window starts from zero', async () => {
    const table = fakeCounterTable(dynamo);
    const results = await Promise.all(Array.from({ length: 25 }, () => takeUnit(counter, 10)));
    expect(results.filter((r) => r !== null)).toHaveLength(10);
    expect(table.count(counterKey(counter))).toBe(10);
    const next = counterFor({ kind: 'widgetBrandRate', uid: UID }, new Date(NOON.getTime() + 60_000));
    await expect(takeUnit(next, 10)).resolves.toBe(1);
  });
});
