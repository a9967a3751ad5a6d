/**
 * platform/db/errors.ts: `isConditionalCheckFailure` recognises a failed write condition in every
 * shape it reaches callers (the SDK's single-write and transaction errors, our
 * TransactionCancelled, ElectroDB's wrapper) and nothing else.
 */
import { ConditionalCheckFailedException, ProvisionedThroughputExceededException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { isConditionalCheckFailure, TransactionCancelled } from '../../../../../lambdas/platform/db/errors';
import { leads } from '../../../../../lambdas/platform/db/entities/lead';
import { mockDocumentClient } from '../../../../support/document-client';

const conditionFailed = () => new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({ message: 'Transaction cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });

describe('isConditionalCheckFailure', () => {
  it("is true for the SDK's ConditionalCheckFailedException, by class or by name", () => {
    expect(isConditionalCheckFailure(conditionFailed())).toBe(true);
    expect(isConditionalCheckFailure(Object.assign(new Error('x'), { name: 'ConditionalCheckFailedException' }))).toBe(true);
  });

  it('is true for a cancelled transaction only when a reason is ConditionalCheckFailed', () => {
    expect(isConditionalCheckFailure(cancelled('None', 'ConditionalCheckFailed'))).toBe(true);
    expect(isConditionalCheckFailure(cancelled('None', 'TransactionConflict'))).toBe(false);
    expect(isConditionalCheckFailure(new TransactionCancelled(['ConditionalCheckFailed', 'None']))).toBe(true);
    expect(isConditionalCheckFailure(new TransactionCancelled(['TransactionConflict', undefined]))).toBe(false);
  });

  it('follows `cause` (a wrapper of any of them)', () => {
    expect(isConditionalCheckFailure(new Error('wrapped', { cause: conditionFailed() }))).toBe(true);
    expect(isConditionalCheckFailure(new Error('wrapped', { cause: new Error('deeper', { cause: cancelled('ConditionalCheckFailed') }) }))).toBe(true);
  });

  it('is false for anything else', () => {
    expect(isConditionalCheckFailure(new ProvisionedThroughputExceededException({ message: 'slow down', $metadata: {} }))).toBe(false);
    expect(isConditionalCheckFailure(new Error('network down'))).toBe(false);
    expect(isConditionalCheckFailure(null)).toBe(false);
    expect(isConditionalCheckFailure(undefined)).toBe(false);
    expect(isConditionalCheckFailure('ConditionalCheckFailed')).toBe(false);
  });

  it('does not loop on a cyclic cause', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    a.cause = a;
    expect(isConditionalCheckFailure(a)).toBe(false);
  });

  describe("on ElectroDB's errors", () => {
    const dynamo = mockDocumentClient('errors-test');

    const item = {
      uid: 'u1', id: 'L1', name: 'Ana', contact: 'ana@example.com', contactType: 'email', source: 'widget', status: 'Nuevo',
      consentText: 'Acepto.', consentAt: '2025-03-09T12:00:00.000Z', createdAt: '2025-03-09T12:00:00.000Z', updatedAt: '2025-03-09T12:00:00.000Z',
    } as const;

    it('is true when a conditional ElectroDB write fails its condition', async () => {
      dynamo.on(PutCommand).rejects(conditionFailed());
      const error = await leads().create(item).go().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).name).not.toBe('ConditionalCheckFailedException');
      expect(isConditionalCheckFailure(error)).toBe(true);
    });

    it('is false when an ElectroDB write fails for another reason', async () => {
      dynamo.on(PutCommand).rejects(new Error('network down'));
      const error = await leads().create(item).go().catch((e: unknown) => e);
      expect(isConditionalCheckFailure(error)).toBe(false);
    });
  });
});
