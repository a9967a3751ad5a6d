/**
 * Conversation retention (issue 17 item 2, lambdas/core/dataRights/retention.ts) on the unit
 * DynamoDB Local: the setting (0 = no item, so the owner is not in the job's GSI1 list), the
 * refusal of a value outside the choices, and the job deleting only conversations whose last
 * message is older than the owner's retention, with their messages, idempotently.
 */
import { describe, expect, it } from 'vitest';
import { uniqueSub, useDomainEnv } from '../../../../support/domain-env';
import { rawTableAt } from '../../../../support/raw-table';

const db = await useDomainEnv();
const { enforceRetention, readRetention, saveRetention } = await import('../../../../../lambdas/core/dataRights/retention');
const { conversations, conversationMessages } = await import('../../../../../lambdas/platform/db/entities/conversation');
const { InvalidInputError } = await import('../../../../../lambdas/platform/errors');
const raw = rawTableAt(db.endpoint, db.table);

const DAY = 86_400_000;
const NOW = new Date('2030-06-01T12:00:00.000Z');

async function conversation(uid: string, id: string, lastAgoDays: number, messages = 2): Promise<void> {
  const at = new Date(NOW.getTime() - lastAgoDays * DAY).toISOString();
  await conversations().create({ uid, id, channel: 'widget', messageCount: messages, lastMessageAt: at, createdAt: at, updatedAt: at }).go();
  for (let i = 0; i < messages; i++) await conversationMessages().create({ uid, conversationId: id, id: `${id}m${i}`, role: 'visitor', text: `hola ${i}`, createdAt: at }).go();
}

describe('retention setting', () => {
  it('defaults to 0, stores a choice, and 0 removes the item', async () => {
    const uid = uniqueSub();
    expect(await readRetention(uid)).toBe(0);
    expect(await saveRetention(uid, 90)).toBe(90);
    expect(await readRetention(uid)).toBe(90);
    expect(await raw.get(`user#${uid}`, 'settings#datos')).toMatchObject({ retentionDays: 90, gsi1pk: 'dataRetention', gsi1sk: uid });
    await saveRetention(uid, 0);
    expect(await raw.get(`user#${uid}`, 'settings#datos')).toBeUndefined();
  });

  it('refuses a number that is not one of the choices, storing nothing', async () => {
    const uid = uniqueSub();
    await expect(saveRetention(uid, 7)).rejects.toBeInstanceOf(InvalidInputError);
    expect(await readRetention(uid)).toBe(0);
  });
});

describe('enforceRetention', () => {
  it('deletes only the conversations (and messages) older than each owner\'s retention; owners without one keep everything', async () => {
    const [strict, none] = [uniqueSub(), uniqueSub()];
    await saveRetention(strict, 30);
    await conversation(strict, 'viejaaaaaaaaaaaaaaaa', 31, 3);
    await conversation(strict, 'recienteaaaaaaaaaaaa', 29);
    await conversation(none, 'viejabbbbbbbbbbbbbbb', 400);

    const first = await enforceRetention(NOW);
    expect(first.conversations).toBeGreaterThanOrEqual(1);
    expect(await raw.query(`user#${strict}`, 'conversation#')).toEqual([expect.objectContaining({ id: 'recienteaaaaaaaaaaaa' })]);
    expect(await raw.query(`user#${strict}`, 'convmsg#viejaaaaaaaaaaaaaaaa#')).toEqual([]);
    expect(await raw.query(`user#${strict}`, 'convmsg#recienteaaaaaaaaaaaa#')).toHaveLength(2);
    expect(await raw.query(`user#${none}`, 'conversation#')).toHaveLength(1);

    // A second run (a retried schedule) finds nothing more of this owner.
    await enforceRetention(NOW);
    expect(await raw.query(`user#${strict}`, 'conversation#')).toHaveLength(1);
  });
});
