/**
 * The single table's ElectroDB Service (lambdas/platform/db/service.ts), with DynamoDB mocked at
 * the document client: every entity joins one Service, `transactWrite` sends the items its build
 * function commits as one TransactWriteItems (conditions included, in order), writes nothing for
 * an empty list, refuses more than 100 items, and turns DynamoDB's cancellation into
 * TransactionCancelled with each operation's code.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { TransactionCancelled, isConditionalCheckFailure } from '../../../../../lambdas/platform/db/errors';
import { director, MAX_TRANSACTION_ITEMS, transactWrite } from '../../../../../lambdas/platform/db/service';
import { mockDocumentClient } from '../../../../support/document-client';

const dynamo = mockDocumentClient('service-test');
const UID = '7d3f0a52-0000-4000-8000-00000000abcd';

describe('director', () => {
  it('joins every entity in one Service on the table', () => {
    const entities = Object.keys(director().entities);
    expect(entities).toEqual(expect.arrayContaining(['article', 'articleSlug', 'lead', 'conversation', 'conversationMessage', 'scheduledPost', 'scheduledPostRef', 'planProposal', 'blogSettings', 'blogSlug']));
    expect(director().getTableName()).toBe('service-test');
    expect(director()).toBe(director());
  });
});

describe('transactWrite', () => {
  it('sends the committed items, conditions included, as one TransactWriteItems', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    await transactWrite(({ lead, conversation }) => [
      lead.delete({ uid: UID, id: 'L1' }).where(({ id }, { exists }) => exists(id)).commit(),
      conversation.patch({ uid: UID, id: 'C1' }).set({ leadId: 'L1' }).commit(),
    ]);
    const calls = dynamo.commandCalls(TransactWriteCommand);
    expect(calls).toHaveLength(1);
    const items = calls[0]!.args[0].input.TransactItems!;
    expect(items).toHaveLength(2);
    expect(items[0]!.Delete).toMatchObject({ TableName: 'service-test', Key: { pk: `user#${UID}`, sk: 'lead#L1' } });
    expect(items[0]!.Delete!.ConditionExpression).toContain('attribute_exists');
    expect(items[1]!.Update).toMatchObject({ TableName: 'service-test', Key: { pk: `user#${UID}`, sk: 'conversation#C1' } });
  });

  it('builds the items once (a builder may draw new ids)', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    let builds = 0;
    await transactWrite(({ lead }) => {
      builds += 1;
      return [lead.delete({ uid: UID, id: `L${builds}` }).commit()];
    });
    expect(builds).toBe(1);
    expect(dynamo.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems![0]!.Delete!.Key).toEqual({ pk: `user#${UID}`, sk: 'lead#L1' });
  });

  it('writes nothing for an empty list', async () => {
    await transactWrite(() => []);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it(`refuses more than ${MAX_TRANSACTION_ITEMS} items before any request`, async () => {
    const ids = Array.from({ length: MAX_TRANSACTION_ITEMS + 1 }, (_, i) => `M${i}`);
    await expect(transactWrite(({ lead }) => ids.map((id) => lead.delete({ uid: UID, id }).commit()))).rejects.toBeInstanceOf(RangeError);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('throws TransactionCancelled with every operation code when DynamoDB cancels', async () => {
    dynamo.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({ message: 'Transaction cancelled', $metadata: {}, CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }] }),
    );
    const error = await transactWrite(({ lead }) => [lead.delete({ uid: UID, id: 'A' }).commit(), lead.delete({ uid: UID, id: 'B' }).commit()]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransactionCancelled);
    expect((error as TransactionCancelled).codes).toEqual(['None', 'ConditionalCheckFailed']);
    expect((error as TransactionCancelled).conditionFailed(1)).toBe(true);
    expect((error as TransactionCancelled).conditionFailed(0)).toBe(false);
    expect(isConditionalCheckFailure(error)).toBe(true);
  });

  it('rethrows any other failure unchanged', async () => {
    const boom = Object.assign(new Error('throttled'), { name: 'ProvisionedThroughputExceededException' });
    dynamo.on(TransactWriteCommand).rejects(boom);
    const error = await transactWrite(({ lead }) => [lead.delete({ uid: UID, id: 'A' }).commit()]).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(TransactionCancelled);
    expect(isConditionalCheckFailure(error)).toBe(false);
  });
});
