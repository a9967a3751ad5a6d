/**
 * Redelivery of pending inbox messages (issue 14, core/inbox/pending.ts): messages stored more
 * than a minute ago and still pending are handed to the worker (platform/lambda's door replaced by
 * a recorder), younger ones and answered ones are not; nothing without INBOX_WORKER_FUNCTION.
 * A table of the file's own (the GSI1 partition is shared by every tenant).
 */
import { describe, expect, it, vi } from 'vitest';
import { uniqueSub } from '../../../../support/domain-env';
import { usePublishingEnv } from '../publishing/support';

const invoked = vi.hoisted(() => [] as { name: string; payload: unknown }[]);
vi.mock('../../../../../lambdas/platform/lambda', () => ({ invokeAsync: async (name: string, payload: unknown) => void invoked.push({ name, payload }) }));
vi.mock('../../../../../lambdas/platform/social/apps', async (original) => (await import('../publishing/support')).appsMock(original));

await usePublishingEnv();
const { redeliverPending } = await import('../../../../../lambdas/core/inbox/pending');
const { conversationMessages, pendingKeyOf } = await import('../../../../../lambdas/platform/db/entities/conversation');

async function stored(sub: string, id: string, storedAt: Date, pending = true) {
  await conversationMessages()
    .create({ uid: sub, conversationId: 'c0000000000000000001', id, role: 'visitor', text: 'hola', createdAt: storedAt.toISOString(), ...(pending ? { pendingKey: pendingKeyOf(storedAt, sub, 'c0000000000000000001', id) } : {}) })
    .go();
}

describe('redeliverPending', () => {
  it('hands messages pending for more than a minute to the worker, once per run', async () => {
    const sub = uniqueSub();
    const now = new Date();
    await stored(sub, 'm0000000000000000001', new Date(now.getTime() - 5 * 60_000));
    await stored(sub, 'm0000000000000000002', new Date(now.getTime() - 20_000));
    await stored(sub, 'm0000000000000000003', new Date(now.getTime() - 5 * 60_000), false);
    expect(await redeliverPending(now, () => true, {})).toBe(0);
    expect(invoked).toEqual([]);
    expect(await redeliverPending(now, () => true, { INBOX_WORKER_FUNCTION: 'inbox-worker' })).toBe(1);
    expect(invoked).toEqual([{ name: 'inbox-worker', payload: { uid: sub, conversationId: 'c0000000000000000001', messageId: 'm0000000000000000001' } }]);
  });
});
