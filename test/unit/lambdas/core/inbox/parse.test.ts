/**
 * The networks' documented webhook bodies as InboundMessages (lambdas/core/inbox/parse.ts): the
 * bodies below are the documented shapes, as the twin's sandbox sends them
 * (infra/local/social-sandbox/inbox.ts, telegramWebhooks.ts); what must be skipped is skipped.
 */
import { describe, expect, it } from 'vitest';
import { INBOX_MSG } from '@director-ia/shared';
import { parseMeta, parseTelegram } from '../../../../../lambdas/core/inbox/parse';

const PAGE = '200000000000001';
const IG = '17841400000000001';
const T = 1_767_225_600_000;

const messaging = (object: 'page' | 'instagram', account: string, events: unknown[]) => ({ object, entry: [{ id: account, time: T, messaging: events }] });
const dmEvent = (sender: string, account: string, message: Record<string, unknown>, timestamp = T) => ({ sender: { id: sender }, recipient: { id: account }, timestamp, message });

describe('parseMeta: messaging', () => {
  it('reads a Messenger DM (mid, text, sender, timestamp)', () => {
    const body = messaging('page', PAGE, [dmEvent('7123', PAGE, { mid: 'm_abc', text: 'Hola, ¿abrís el sábado?' })]);
    expect(parseMeta('facebook', body)).toEqual({
      messages: [{ network: 'facebook', kind: 'dm', accountId: PAGE, externalId: 'm_abc', customerId: '7123', text: 'Hola, ¿abrís el sábado?', sentAt: T }],
      skipped: 0,
    });
  });

  it('reads an Instagram DM with object instagram and the account id', () => {
    const body = messaging('instagram', IG, [dmEvent('9801', IG, { mid: 'aWdfXYZ', text: 'precio?' })]);
    expect(parseMeta('instagram', body)?.messages).toEqual([{ network: 'instagram', kind: 'dm', accountId: IG, externalId: 'aWdfXYZ', customerId: '9801', text: 'precio?', sentAt: T }]);
  });

  it('stores attachments-only messages as the attachment text', () => {
    const body = messaging('page', PAGE, [dmEvent('7123', PAGE, { mid: 'm_img', attachments: [{ type: 'image', payload: { url: 'https://x.test/a.jpg' } }] })]);
    expect(parseMeta('facebook', body)?.messages[0]?.text).toBe(INBOX_MSG.attachment);
  });

  it('skips echoes, deliveries, reads, reactions, edits, postbacks and the page writing to itself', () => {
    const events = [
      dmEvent(PAGE, '7123', { mid: 'm_echo', text: 'respuesta', is_echo: true }),
      dmEvent(PAGE, PAGE, { mid: 'm_self', text: 'yo' }),
      { sender: { id: '7123' }, recipient: { id: PAGE }, delivery: { mids: ['m_1'], watermark: T } },
      { sender: { id: '7123' }, recipient: { id: PAGE }, timestamp: T, read: { watermark: T } },
      { sender: { id: '7123' }, recipient: { id: PAGE }, timestamp: T, reaction: { mid: 'm_1', action: 'react', reaction: 'love' } },
      { sender: { id: '7123' }, recipient: { id: PAGE }, timestamp: T, message_edit: { mid: 'm_1', text: 'editado', num_edit: 1 } },
      { sender: { id: '7123' }, recipient: { id: PAGE }, timestamp: T, postback: { title: 'Empezar', payload: 'GET_STARTED' } },
      dmEvent('7123', PAGE, { mid: 'm_ok', text: 'vale' }),
    ];
    const parsed = parseMeta('facebook', messaging('page', PAGE, events));
    expect(parsed?.messages.map((m) => m.externalId)).toEqual(['m_ok']);
    expect(parsed?.skipped).toBe(7);
  });

  it('reads every entry and event of a batched body', () => {
    const body = {
      object: 'page',
      entry: [
        { id: PAGE, time: T, messaging: [dmEvent('1', PAGE, { mid: 'm_1', text: 'a' }), dmEvent('2', PAGE, { mid: 'm_2', text: 'b' }, T + 1)] },
        { id: '200000000000002', time: T, messaging: [dmEvent('3', '200000000000002', { mid: 'm_3', text: 'c' })] },
      ],
    };
    expect(parseMeta('facebook', body)?.messages.map((m) => [m.accountId, m.customerId, m.externalId])).toEqual([
      [PAGE, '1', 'm_1'],
      [PAGE, '2', 'm_2'],
      ['200000000000002', '3', 'm_3'],
    ]);
  });

  it('is null for another network’s object or a body without entries', () => {
    expect(parseMeta('facebook', messaging('instagram', IG, []))).toBeNull();
    expect(parseMeta('instagram', { object: 'instagram' })).toBeNull();
    expect(parseMeta('facebook', [1, 2])).toBeNull();
  });
});

describe('parseMeta: comments', () => {
  const feed = (value: Record<string, unknown>) => ({ object: 'page', entry: [{ id: PAGE, time: T, changes: [{ field: 'feed', value }] }] });
  const comment = { item: 'comment', verb: 'add', comment_id: '1221_1001', post_id: `${PAGE}_1221`, parent_id: `${PAGE}_1221`, message: '¿Hay tallas?', from: { id: '7555', name: 'Ana Pérez' }, created_time: 1_767_225_700 };

  it('reads a Facebook page comment (feed, item comment, verb add) with the post id, the name and created_time in seconds', () => {
    expect(parseMeta('facebook', feed(comment))?.messages).toEqual([
      { network: 'facebook', kind: 'comment', accountId: PAGE, externalId: '1221_1001', customerId: '7555', customerName: 'Ana Pérez', text: '¿Hay tallas?', sentAt: 1_767_225_700_000, postId: `${PAGE}_1221` },
    ]);
  });

  it('skips the page’s own comments, edits, removals, likes and posts', () => {
    const skipped = [
      { ...comment, from: { id: PAGE, name: 'Página de pruebas' } },
      { ...comment, verb: 'edited' },
      { ...comment, verb: 'remove' },
      { item: 'reaction', verb: 'add', post_id: `${PAGE}_1221`, from: { id: '7555' }, reaction_type: 'like' },
      { item: 'status', verb: 'add', post_id: `${PAGE}_1222`, message: 'nuevo post', from: { id: PAGE } },
    ];
    for (const value of skipped) expect(parseMeta('facebook', feed(value))?.messages).toEqual([]);
  });

  it('reads an Instagram comment (field comments) with the media id, the username and the entry time', () => {
    const body = { object: 'instagram', entry: [{ id: IG, time: 1_767_225_800, changes: [{ field: 'comments', value: { id: '18001', text: 'Me encanta', from: { id: '9802', username: 'leo_m' }, media: { id: '17900', media_product_type: 'FEED' } } }] }] };
    expect(parseMeta('instagram', body)?.messages).toEqual([
      { network: 'instagram', kind: 'comment', accountId: IG, externalId: '18001', customerId: '9802', customerName: 'leo_m', customerHandle: 'leo_m', text: 'Me encanta', sentAt: 1_767_225_800_000, postId: '17900' },
    ]);
    const own = { object: 'instagram', entry: [{ id: IG, time: T, changes: [{ field: 'comments', value: { id: '18002', text: 'gracias', from: { id: IG, username: 'marca' }, media: { id: '17900' } } }] }] };
    expect(parseMeta('instagram', own)?.messages).toEqual([]);
  });
});

describe('parseTelegram', () => {
  const update = (message: Record<string, unknown>) => ({ update_id: 700000001, message: { message_id: 5, date: 1_767_225_900, ...message } });
  const privateChat = { id: 6100, type: 'private', first_name: 'Luis', last_name: 'Gil', username: 'luisgil' };

  it('reads a private message: chat id as the customer, <chat>:<message_id>, name and @handle', () => {
    expect(parseTelegram('7000000001', update({ from: { id: 6100, is_bot: false, first_name: 'Luis' }, chat: privateChat, text: 'hola bot' }))).toEqual({
      network: 'telegram',
      kind: 'dm',
      accountId: '7000000001',
      externalId: '6100:5',
      customerId: '6100',
      customerName: 'Luis Gil',
      customerHandle: 'luisgil',
      text: 'hola bot',
      sentAt: 1_767_225_900_000,
    });
  });

  it('uses the caption, or the attachment text for media without one', () => {
    expect(parseTelegram('1', update({ chat: privateChat, photo: [{ file_id: 'x' }], caption: 'mira' }))?.text).toBe('mira');
    expect(parseTelegram('1', update({ chat: privateChat, sticker: { file_id: 'y' } }))?.text).toBe(INBOX_MSG.attachment);
  });

  it('ignores groups, channels, edits, other update types and bots', () => {
    expect(parseTelegram('1', update({ chat: { id: -100, type: 'group', title: 'G' }, text: 'hola' }))).toBeNull();
    expect(parseTelegram('1', update({ chat: { id: -1001, type: 'supergroup', title: 'S' }, text: 'hola' }))).toBeNull();
    expect(parseTelegram('1', { update_id: 2, channel_post: { message_id: 1, date: 1, chat: { id: -1002, type: 'channel' }, text: 'x' } })).toBeNull();
    expect(parseTelegram('1', { update_id: 3, edited_message: { message_id: 1, date: 1, chat: privateChat, text: 'x' } })).toBeNull();
    expect(parseTelegram('1', update({ from: { id: 9, is_bot: true }, chat: privateChat, text: 'x' }))).toBeNull();
    expect(parseTelegram('1', 'nope')).toBeNull();
  });
});
