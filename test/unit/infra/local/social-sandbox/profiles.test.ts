/**
 * The customers' profiles in the sandbox (issue 14, ./profiles.ts): Messenger's and Instagram's
 * User Profile APIs with the page token of the page the person wrote to; page-scoped ids (another
 * page's token, an unknown id: #100/33), consent from a DM (an Instagram commenter: 230), a user
 * token (#210), a missing scope, an unknown field, and the request recorded with its token masked.
 * Other `GET /{id}` (posts) still reach the posts' route.
 */
import { describe, expect, it } from 'vitest';
import { callApi, connectWith, TARGET } from './support';
import { dm, inboxEnv, INBOX_SCOPES, publishedPost } from './inboxSupport';

const env = inboxEnv();

/** A customer's DM (or comment): the customer as the sandbox made them. */
async function customer(network: 'facebook' | 'instagram', name: string, extra: Record<string, unknown> = {}): Promise<{ id: string; username: string }> {
  const written = await dm(env.t.sandbox, { network, targetId: TARGET[network], customer: { name }, text: 'Hola', ...extra });
  expect(written.status).toBe(200);
  return written.body.thread.customer;
}

const profile = (network: 'facebook' | 'instagram', id: string, fields: string | null, token = env.tokens[network]) =>
  callApi(env.t.sandbox, network, `/${id}${fields === null ? '' : `?fields=${fields}`}`, token);

const graphError = (code: number, subcode?: number) => ({ error: expect.objectContaining({ code, type: 'OAuthException', ...(subcode === undefined ? {} : { error_subcode: subcode }) }) });

describe('User Profile API', () => {
  it('Messenger: first_name, last_name, profile_pic of the PSID with the page token; the asked fields only', async () => {
    const { id } = await customer('facebook', 'Ana María Ruiz');
    const read = await profile('facebook', id, 'first_name,last_name,profile_pic');
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ id, first_name: 'Ana', last_name: 'María Ruiz', profile_pic: `${env.t.sandbox.url}/avatars/facebook.svg` });
    expect((await profile('facebook', id, 'first_name')).body).toEqual({ id, first_name: 'Ana' });
  });

  it('Instagram: name and username of the IGSID with the linked page token', async () => {
    const { id, username } = await customer('instagram', 'Luis Gil');
    const read = await profile('instagram', id, 'name,username,profile_pic,is_user_follow_business');
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ id, name: 'Luis Gil', username, profile_pic: `${env.t.sandbox.url}/avatars/instagram.svg`, is_user_follow_business: false });
    expect(username).toBe('luis_gil');
  });

  it('ids are page-scoped: another page’s token or an unknown id get (#100) unsupported get request, subcode 33', async () => {
    const { id } = await customer('facebook', 'Solo Primera');
    const tokens = await connectWith(env.t.sandbox, 'facebook', { scope: INBOX_SCOPES.facebook });
    const accounts = await callApi(env.t.sandbox, 'facebook', '/me/accounts?fields=id,access_token', tokens.body.access_token);
    const second = accounts.body.data.find((page: { id: string }) => page.id !== TARGET.facebook).access_token;
    const other = await profile('facebook', id, 'first_name', second);
    expect(other.status).toBe(400);
    expect(other.body).toEqual(graphError(100, 33));
    expect(other.body.error.message).toContain(`Object with ID '${id}' does not exist`);
    // An id the sandbox never gave: Graph's same answer (through the posts' GET /{id}).
    expect((await profile('facebook', '7000000000000099', 'first_name')).body).toEqual(graphError(100, 33));
  });

  it('consent comes from a DM: an Instagram commenter gets 230, a Facebook commenter the unsupported answer', async () => {
    const igPost = await publishedPost(env, 'instagram');
    const commenter = await customer('instagram', 'Solo Comenta', { kind: 'comment', postId: igPost });
    const refused = await profile('instagram', commenter.id, 'name,username');
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(graphError(230));
    expect(refused.body.error.message).toBe('User consent is required to access user profile');
    // Once the person writes a DM, the profile is readable.
    await dm(env.t.sandbox, { network: 'instagram', targetId: TARGET.instagram, customer: { name: 'Solo Comenta', id: commenter.id }, text: 'Ahora por privado' });
    expect((await profile('instagram', commenter.id, 'username')).body).toEqual({ id: commenter.id, username: 'solo_comenta' });

    const fbPost = await publishedPost(env, 'facebook');
    const fbCommenter = await customer('facebook', 'Comenta En Facebook', { kind: 'comment', postId: fbPost });
    expect((await profile('facebook', fbCommenter.id, 'first_name')).body).toEqual(graphError(100, 33));
  });

  it('token and scope errors as the other routes: a user token (#210), no pages_messaging / instagram_manage_messages (#200), an unknown field', async () => {
    const { id } = await customer('facebook', 'Sin Permiso');
    const user = await connectWith(env.t.sandbox, 'facebook', { scope: INBOX_SCOPES.facebook });
    expect((await profile('facebook', id, 'first_name', user.body.access_token)).body).toEqual(graphError(210));
    const noMessaging = await connectWith(env.t.sandbox, 'facebook', { scope: 'pages_show_list,pages_read_engagement' });
    const pages = await callApi(env.t.sandbox, 'facebook', '/me/accounts?fields=id,access_token', noMessaging.body.access_token);
    const withoutScope = await profile('facebook', id, 'first_name', pages.body.data[0].access_token);
    expect(withoutScope.body).toEqual(graphError(200));
    expect(withoutScope.body.error.message).toContain('pages_messaging');

    const ig = await customer('instagram', 'Ig Sin Permiso');
    const igTokens = await connectWith(env.t.sandbox, 'instagram', { scope: 'instagram_basic,instagram_content_publish,pages_show_list,pages_read_engagement' });
    const igPages = await callApi(env.t.sandbox, 'instagram', '/me/accounts?fields=id,access_token', igTokens.body.access_token);
    const igRefused = await profile('instagram', ig.id, 'name', igPages.body.data[0].access_token);
    expect(igRefused.body).toEqual(graphError(200));
    expect(igRefused.body.error.message).toContain('instagram_manage_messages');

    const unknown = await profile('facebook', id, 'first_name,email');
    expect(unknown.body).toEqual(graphError(100));
    expect(unknown.body.error.message).toContain('(email)');
  });

  it('is recorded like the other routes (token masked), and a post id still reaches the posts’ GET /{id}', async () => {
    const { id } = await customer('facebook', 'Registrada');
    await callApi(env.t.sandbox, 'facebook', `/${id}?fields=first_name&access_token=${env.tokens.facebook}`, env.tokens.facebook);
    const record = env.t.sandbox.requests('facebook').findLast((r) => r.path === `/api/${id}`);
    expect(record).toMatchObject({ method: 'GET', status: 200, query: { fields: 'first_name', access_token: '***' } });
    const postId = await publishedPost(env, 'facebook');
    const post = await callApi(env.t.sandbox, 'facebook', `/${postId}?fields=message`, env.tokens.facebook);
    expect(post.body).toEqual({ id: postId, message: 'Nuestra oferta de la semana' });
  });
});
