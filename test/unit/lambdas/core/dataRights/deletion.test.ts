/**
 * The account deletion's run (issue 17 item 2, lambdas/core/dataRights/deletion.ts) on the unit
 * DynamoDB Local, with S3 and Cognito mocked at their SDK clients: a step that throws (S3 failing
 * to list the owner's files) fails the run, keeps the steps already done and hands the lease back,
 * so that Lambda's retry resumes at once and finishes the deletion from that step, but never a
 * lease another run took meanwhile; a run holding the lease makes another one answer 'busy'.
 */
import { AdminDeleteUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DeleteObjectsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { uniqueSub, useDomainEnv } from '../../../../support/domain-env';
import { rawTableAt } from '../../../../support/raw-table';

const db = await useDomainEnv({ UPLOADS_BUCKET: 'uploads-test', USER_POOL_ID: 'eu-west-1_test' });
const { runDeletion, LEASE_MS } = await import('../../../../../lambdas/core/dataRights/deletion');
const { accountDeletions } = await import('../../../../../lambdas/platform/db/entities/accountDeletion');
const raw = rawTableAt(db.endpoint, db.table);

const s3 = mockClient(S3Client);
const cognito = mockClient(CognitoIdentityProviderClient);
afterAll(() => {
  s3.restore();
  cognito.restore();
});
beforeEach(() => {
  s3.reset();
  cognito.reset();
});

/** An owner with two items in their partition and a pending deletion nobody holds. */
async function pendingDeletion(): Promise<string> {
  const sub = uniqueSub();
  await raw.put({ pk: `user#${sub}`, sk: 'profile', uid: sub });
  await raw.put({ pk: `user#${sub}`, sk: 'settings#ia', uid: sub });
  const now = new Date().toISOString();
  await accountDeletions().create({ uid: sub, done: [], leaseUntil: 0, attempts: 0, requestedAt: now, updatedAt: now }).go();
  return sub;
}

describe('runDeletion', () => {
  it('releases the lease when a step throws, so the retry resumes at that step and finishes', async () => {
    const sub = await pendingDeletion();
    s3.on(ListObjectsV2Command).rejectsOnce(Object.assign(new Error('We encountered an internal error. Please try again.'), { name: 'InternalError' }));

    await expect(runDeletion(sub)).rejects.toThrow('internal error');
    expect(await raw.get('accountDeletion', sub)).toMatchObject({ done: ['social', 'schedules', 'outside'], leaseUntil: 0, attempts: 1 });
    expect(await raw.partition(`user#${sub}`)).toHaveLength(2);

    // Lambda's retry, a second later: S3 answers now.
    s3.on(ListObjectsV2Command).resolves({ Contents: [{ Key: `users/${sub}/knowledge/a.txt`, Size: 3 }] });
    s3.on(DeleteObjectsCommand).resolves({});
    cognito.on(AdminDeleteUserCommand).resolves({});
    expect(await runDeletion(sub)).toBe('done');
    expect(s3.commandCalls(DeleteObjectsCommand)[0]?.args[0].input.Delete?.Objects).toEqual([{ Key: `users/${sub}/knowledge/a.txt` }]);
    expect(cognito.commandCalls(AdminDeleteUserCommand)[0]?.args[0].input).toEqual({ UserPoolId: 'eu-west-1_test', Username: sub });
    expect(await raw.partition(`user#${sub}`)).toEqual([]);
    expect(await raw.get('accountDeletion', sub)).toBeUndefined();
  });

  it("a run that outlived its lease and then fails leaves the lease of the run that took over", async () => {
    const sub = await pendingDeletion();
    const takenOver = Date.now() + 2 * LEASE_MS;
    s3.on(ListObjectsV2Command).callsFakeOnce(async () => {
      // Meanwhile the lease expired and another run (a retry, the sweep) took it.
      await accountDeletions().patch({ uid: sub }).set({ leaseUntil: takenOver }).go();
      throw Object.assign(new Error('Please reduce your request rate.'), { name: 'SlowDown' });
    });

    await expect(runDeletion(sub)).rejects.toThrow('reduce your request rate');
    expect(await raw.get('accountDeletion', sub)).toMatchObject({ leaseUntil: takenOver, done: ['social', 'schedules', 'outside'] });
    expect(await runDeletion(sub)).toBe('busy');
  });

  it('answers busy while another run holds the lease, and changes nothing', async () => {
    const sub = await pendingDeletion();
    await accountDeletions().patch({ uid: sub }).set({ leaseUntil: Date.now() + LEASE_MS }).go();

    expect(await runDeletion(sub)).toBe('busy');
    expect(s3.calls()).toHaveLength(0);
    expect(await raw.get('accountDeletion', sub)).toMatchObject({ done: [], attempts: 0 });
    expect(await raw.partition(`user#${sub}`)).toHaveLength(2);
  });
});
