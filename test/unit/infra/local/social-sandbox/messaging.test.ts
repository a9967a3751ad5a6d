/**
 * The brand answers through the sandbox (issue 14): the Send API of Messenger and Instagram with
 * the page token (`{recipient_id, message_id}`), the 24-hour standard messaging window (error 10 /
 * 2018278, moved by the threads/age hook; HUMAN_AGENT 7 days), Meta's errors for a bad token, an
 * unknown recipient, a missing text and a missing scope, comment replies on both networks, and the
 * replies entering the thread.
 */
import { describe, expect, it } from 'vitest';
import { hook, postForm, postJson, send, TARGET } from './support';
import { dm, inboxEnv, pageToken, publishedPost } from './inboxSupport';

const env = inboxEnv();
const api = (network: 'facebook' | 'instagram') => env.t.sandbox.apps()[network].urls.api;

/** A customer's DM: the thread. */
async function customer(network: 'facebook' | 'instagram', name: string) {
  return (await dm(env.t.sandbox, { network, targetId: TARGET[network], customer: { name }, text: `Hola, soy ${name}` })).body.thread;
}

const reply = (network: 'facebook' | 'instagram', recipient: string, text: string | undefined, extra: Record<string, unknown> = {}, token = env.tokens[network]) =>
  postJson(`${api(network)}/${TARGET[network]}/messages`, token, { recipient: { id: recipient }, messaging_type: 'RESPONSE', message: text === undefined ? {} : { text }, ...extra });

describe('Send API', () => {
  it('Messenger: answers {recipient_id, message_id} and the reply enters the thread', async () => {
    const thread = await customer('facebook', 'Ana');
    const answer = await reply('facebook', thread.customer.id, 'Hola Ana, sí tenemos cita.');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ recipient_id: thread.customer.id, message_id: expect.stringMatching(/^m_/) });
    const threads = (await send(`${env.t.sandbox.url}/__sandbox/threads?network=facebook`)).body.threads;
    const updated = threads.find((candidate: { id: string }) => candidate.id === thread.id);
    expect(updated.messages.map((message: { from: string; text: string }) => [message.from, message.text])).toEqual([
      ['customer', 'Hola, soy Ana'],
      ['brand', 'Hola Ana, sí tenemos cita.'],
    ]);
  });

  it('Instagram: the same on /{ig-account}/messages with the linked page token; a form with JSON strings too', async () => {
    const thread = await customer('instagram', 'Luis');
    const answer = await postForm(`${api('instagram')}/${TARGET.instagram}/messages`, env.tokens.instagram, {
      recipient: JSON.stringify({ id: thread.customer.id }),
      messaging_type: 'RESPONSE',
      message: JSON.stringify({ text: 'Hola Luis' }),
    });
    expect(answer.body).toEqual({ recipient_id: thread.customer.id, message_id: expect.any(String) });
  });

  it('refuses a RESPONSE more than 24 hours after the customer’s last message; HUMAN_AGENT still within 7 days', async () => {
    const thread = await customer('facebook', 'Tarde');
    expect((await hook(env.t.sandbox, 'threads/age', { network: 'facebook', threadId: thread.id, hours: 23 })).status).toBe(200);
    expect((await reply('facebook', thread.customer.id, 'a tiempo')).status).toBe(200);
    await hook(env.t.sandbox, 'threads/age', { network: 'facebook', threadId: thread.id, hours: 2 });
    const late = await reply('facebook', thread.customer.id, 'tarde');
    expect(late.status).toBe(400);
    expect(late.body).toEqual({
      error: { message: '(#10) This message is sent outside of allowed window.', type: 'OAuthException', code: 10, error_subcode: 2018278, is_transient: false, fbtrace_id: expect.any(String) },
    });
    expect((await reply('facebook', thread.customer.id, 'agente', { messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' })).status).toBe(200);
    // A new customer message opens the window again.
    await dm(env.t.sandbox, { network: 'facebook', targetId: TARGET.facebook, customer: { name: 'Tarde' }, text: '¿Sigue en pie?' });
    expect((await reply('facebook', thread.customer.id, 'sí')).status).toBe(200);
    expect((await hook(env.t.sandbox, 'threads/age', { network: 'instagram', threadId: thread.id, hours: 1 })).status).toBe(404);
  });

  it('Meta errors: bad token, unknown recipient, missing text, missing messaging_type, another page, missing scope', async () => {
    const thread = await customer('facebook', 'Errores');
    const bad = await reply('facebook', thread.customer.id, 'x', {}, 'EAAnot-a-token');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 190, type: 'OAuthException' });
    const unknown = await reply('facebook', '1234', 'x');
    expect(unknown.body.error).toMatchObject({ code: 100, error_subcode: 2018001, message: '(#100) No matching user found' });
    const empty = await reply('facebook', thread.customer.id, undefined);
    expect(empty.body.error).toMatchObject({ code: 100, message: expect.stringContaining('Message cannot be empty') });
    const noType = await postJson(`${api('facebook')}/${TARGET.facebook}/messages`, env.tokens.facebook, { recipient: { id: thread.customer.id }, message: { text: 'x' } });
    expect(noType.body.error).toMatchObject({ code: 100, message: expect.stringContaining('messaging_type') });
    const otherPage = await postJson(`${api('facebook')}/200000000000002/messages`, env.tokens.facebook, { recipient: { id: thread.customer.id }, messaging_type: 'RESPONSE', message: { text: 'x' } });
    expect(otherPage.body.error).toMatchObject({ code: 100, error_subcode: 33 });
    const publishOnly = await pageToken(env.t.sandbox, 'facebook', 'pages_show_list,pages_manage_posts,pages_read_engagement');
    const scope = await reply('facebook', thread.customer.id, 'x', {}, publishOnly);
    expect(scope.body.error.message).toContain('pages_messaging');
    // An Instagram customer is not a Messenger recipient.
    const igThread = await customer('instagram', 'Cruzado');
    expect((await reply('facebook', igThread.customer.id, 'x')).body.error.error_subcode).toBe(2018001);
  });
});

describe('comment replies', () => {
  it('Facebook: POST /{comment-id}/comments {message} → {id}; the reply joins the comment thread', async () => {
    const postId = await publishedPost(env, 'facebook');
    const comment = (await dm(env.t.sandbox, { network: 'facebook', targetId: TARGET.facebook, customer: { name: 'Marta' }, text: '¿Precio?', kind: 'comment', postId })).body.thread;
    const answer = await postForm(`${api('facebook')}/${comment.commentId}/comments`, env.tokens.facebook, { message: 'Te escribimos por privado' });
    expect(answer.body).toEqual({ id: expect.stringMatching(new RegExp(`^${comment.commentId.split('_')[0]}_\\d+$`)) });
    expect(env.t.sandbox.threads('facebook').find((thread) => thread.id === comment.id)?.messages.at(-1)).toMatchObject({ from: 'brand', id: answer.body.id, text: 'Te escribimos por privado' });
    expect((await postForm(`${api('facebook')}/${comment.commentId}/comments`, env.tokens.facebook, {})).body.error.message).toBe('(#100) Missing message or attachment');
    expect((await postForm(`${api('facebook')}/1_2/comments`, env.tokens.facebook, { message: 'x' })).body.error).toMatchObject({ code: 100, error_subcode: 33 });
  });

  it('Instagram: POST /{ig-comment-id}/replies {message} → {id}', async () => {
    const mediaId = await publishedPost(env, 'instagram');
    const comment = (await dm(env.t.sandbox, { network: 'instagram', targetId: TARGET.instagram, customer: { name: 'Pablo' }, text: 'Info', kind: 'comment', postId: mediaId })).body.thread;
    const answer = await postJson(`${api('instagram')}/${comment.commentId}/replies`, env.tokens.instagram, { message: '¡Gracias, Pablo!' });
    expect(answer.body).toEqual({ id: expect.stringMatching(/^\d+$/) });
    expect(env.t.sandbox.threads('instagram').find((thread) => thread.id === comment.id)?.messages.map((message) => message.from)).toEqual(['customer', 'brand']);
  });
});
