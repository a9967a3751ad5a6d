/**
 * `sendLeadDigests` (lambdas/core/leads/digest.ts) against the unit DynamoDB Local, with the
 * e-mail itself replaced: a digest deleted while its e-mail goes out (the owner's account
 * deletion racing the publishing sweep) is not written back. The patch's existence check and the
 * "not sent today" condition are one expression; without parentheses DynamoDB read
 * `exists AND exists AND notSent OR sentOtherDay`, and the OR recreated the item for a deleted
 * owner. The sending itself is covered with a real SMTP server in ./notify/daily-cap.test.ts.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { uniqueSub, useDomainEnv } from '../../../../support/domain-env';
import { rawTableAt } from '../../../../support/raw-table';

const db = await useDomainEnv();
const raw = rawTableAt(db.endpoint, db.table);
/** What happens while the e-mail is being sent (set per test). */
let duringSend: (owner: string) => Promise<void> = async () => undefined;
vi.mock('../../../../../lambdas/core/notices/owner', () => ({
  sendOwnerNotice: vi.fn(async (owner: string) => {
    await duringSend(owner);
    return 'sent';
  }),
}));
const { sendLeadDigests } = await import('../../../../../lambdas/core/leads/digest');

const NOW = new Date('2030-05-04T09:00:00.000Z');
const plenty = () => 10 * 60_000;
const digest = (owner: string, extra: Record<string, unknown> = {}) => ({ pk: 'leadNoticeDigest', sk: owner, __edb_e__: 'leadNoticeDigest', __edb_v__: '1', owner, pending: 3, ...extra });

beforeEach(() => {
  duringSend = async () => undefined;
});

describe('sendLeadDigests', () => {
  it('takes the told leads off and records the day, for a digest sent on an earlier day', async () => {
    const owner = uniqueSub();
    await raw.put(digest(owner, { lastSentDay: '2030-05-03' }));
    await sendLeadDigests(NOW, plenty);
    expect(await raw.get('leadNoticeDigest', owner)).toMatchObject({ pending: 0, lastSentDay: '2030-05-04' });
  });

  it('does not write back a digest deleted while its e-mail went out', async () => {
    const [never, earlier] = [uniqueSub(), uniqueSub()];
    await raw.put(digest(never));
    await raw.put(digest(earlier, { lastSentDay: '2030-05-01' }));
    duringSend = (owner) => raw.delete('leadNoticeDigest', owner);
    await sendLeadDigests(NOW, plenty);
    expect(await raw.get('leadNoticeDigest', never)).toBeUndefined();
    expect(await raw.get('leadNoticeDigest', earlier)).toBeUndefined();
  });
});
