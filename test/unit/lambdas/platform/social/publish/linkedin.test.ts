/**
 * LinkedIn publishing (lambdas/platform/social/publish/linkedin.ts) against the versioned /rest
 * API's documented shapes: the pinned LinkedIn-Version and Rest.li headers, image registration,
 * upload and AVAILABLE wait, the post body and its URN in x-restli-id, little-text escaping,
 * LinkedIn's error bodies, and findPublished being unknowable.
 */
import { describe, expect, it } from 'vitest';
import { createPublication, findPublished, NetworkError, OutcomeUnknown, preparePublication, type Prepared } from '../../../../../../lambdas/platform/social';
import { commentaryOf } from '../../../../../../lambdas/platform/social/publish/linkedin';
import { appFor, BEARER, failureOf, json, mediaBytes, medium, NOW, optionsWith, recordingFetch, requestFor, type Route } from './fake';

const API = 'https://api.linkedin.com';
const AUTHOR = 'urn:li:person:abc123';
const app = appFor('linkedin');
const liRequest = (overrides = {}) => requestFor('linkedin', { target: { id: AUTHOR, kind: 'profile' }, ...overrides });
const textOnly: Prepared = { v: 1, preparedAt: NOW, ready: true, network: 'linkedin', images: [] };
const created = (urn = 'urn:li:share:7001') => new Response(null, { status: 201, headers: { 'x-restli-id': urn } });
const UPLOAD_URL = 'https://www.linkedin.com/dms-uploads/sp/D4E10AQ/uploaded-image/0?ca=vector&cn=uploads&sync=0&v=beta&ut=token';

/** LinkedIn's images API: images C1, C2…, each PROCESSING `processing` times, then AVAILABLE. */
function imagesApi(processing = 0, uploadUrl = UPLOAD_URL): Route {
  let image = 0;
  const checks: Record<string, number> = {};
  return (r) => {
    if (r.query.action === 'initializeUpload') return json({ value: { uploadUrlExpiresAt: NOW + 3600_000, uploadUrl, image: `urn:li:image:C${++image}` } });
    if (r.method === 'PUT') return new Response(null, { status: 201 });
    if (r.url.pathname.startsWith('/rest/images/')) {
      const urn = decodeURIComponent(r.url.pathname.slice('/rest/images/'.length));
      checks[urn] = (checks[urn] ?? 0) + 1;
      return json({ id: urn, status: (checks[urn] ?? 0) > processing ? 'AVAILABLE' : 'PROCESSING' });
    }
    return created();
  };
}

describe('LinkedIn', () => {
  it('text: POST /rest/posts with the pinned version headers and the documented body; the URN from x-restli-id', async () => {
    const { fetch, sent } = recordingFetch(() => created());
    const options = optionsWith(fetch);
    const prepared = await preparePublication(app, liRequest(), undefined, options);
    expect(prepared).toEqual(textOnly);
    expect(await createPublication(app, liRequest(), prepared, options)).toEqual({
      postId: 'urn:li:share:7001',
      url: 'https://www.linkedin.com/feed/update/urn:li:share:7001/',
    });
    expect(sent).toHaveLength(1);
    const [post] = sent;
    expect([post?.method, post?.endpoint, post?.headers.authorization, post?.headers['linkedin-version'], post?.headers['x-restli-protocol-version']]).toEqual([
      'POST',
      `${API}/rest/posts`,
      BEARER,
      '202610',
      '2.0.0',
    ]);
    expect(post?.json).toEqual({
      author: AUTHOR,
      commentary: 'Hola desde Director IA',
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
    });
  });

  it('an image: initializeUpload for the author, PUT of the bytes, wait for AVAILABLE, then content.media', async () => {
    const image = medium('image', 700);
    const { fetch, sent } = recordingFetch(imagesApi(1));
    const options = optionsWith(fetch);
    const prepared = await preparePublication(app, liRequest({ media: [image] }), undefined, options);
    expect(prepared).toMatchObject({ images: ['urn:li:image:C1'], ready: true });
    expect(sent.map((r) => [r.method, r.endpoint, r.query, r.headers['linkedin-version']])).toEqual([
      ['POST', `${API}/rest/images`, { action: 'initializeUpload' }, '202610'],
      ['PUT', 'https://www.linkedin.com/dms-uploads/sp/D4E10AQ/uploaded-image/0', expect.objectContaining({ ut: 'token' }), undefined],
      ['GET', `${API}/rest/images/urn%3Ali%3Aimage%3AC1`, {}, '202610'],
      ['GET', `${API}/rest/images/urn%3Ali%3Aimage%3AC1`, {}, '202610'],
    ]);
    expect(sent[0]?.json).toEqual({ initializeUploadRequest: { owner: AUTHOR } });
    expect([sent[1]?.headers.authorization, sent[1]?.headers['content-type'], sent[1]?.bytes]).toEqual([BEARER, 'image/jpeg', mediaBytes(700)]);
    await createPublication(app, liRequest({ media: [image] }), prepared, options);
    expect(sent.at(-1)?.json).toMatchObject({ content: { media: { id: 'urn:li:image:C1' } } });
  });

  it('several images: content.multiImage in order', async () => {
    const { fetch, sent } = recordingFetch(imagesApi());
    const options = optionsWith(fetch);
    const request = liRequest({ media: [medium('image', 5, 'a'), medium('image', 6, 'b')] });
    await createPublication(app, request, await preparePublication(app, request, undefined, options), options);
    expect(sent.at(-1)?.json).toMatchObject({ content: { multiImage: { images: [{ id: 'urn:li:image:C1' }, { id: 'urn:li:image:C2' }] } } });
  });

  it('sends neither token nor bytes to an upload URL off LinkedIn', async () => {
    const { fetch, sent } = recordingFetch(imagesApi(0, 'https://evil.example/upload'));
    const error = await failureOf(preparePublication(app, liRequest({ media: [medium('image', 5)] }), undefined, optionsWith(fetch)));
    expect(error).toMatchObject({ name: 'NetworkError', kind: 'unavailable' });
    expect(sent.map((r) => r.method)).toEqual(['POST']);
  });

  it('an image LinkedIn could not process is rejected; a video is rejected before any call', async () => {
    const { fetch } = recordingFetch((r) => (r.method === 'GET' ? json({ status: 'PROCESSING_FAILED' }) : imagesApi()(r)));
    expect(await failureOf(preparePublication(app, liRequest({ media: [medium('image', 5)] }), undefined, optionsWith(fetch)))).toMatchObject({ kind: 'rejected' });
    const { fetch: none, sent } = recordingFetch(() => json({}));
    expect(await failureOf(preparePublication(app, liRequest({ media: [medium('video', 5)] }), undefined, optionsWith(none)))).toMatchObject({ kind: 'rejected' });
    expect(sent).toHaveLength(0);
  });

  it("escapes little text format's reserved characters so LinkedIn does not cut the post (hashtags stay)", async () => {
    expect(commentaryOf('Nuevo (y mejor) producto @marca #ofertas [hoy] *50%* _ya_ ~x~ {a|b} <c> \\')).toBe(
      'Nuevo \\(y mejor\\) producto \\@marca #ofertas \\[hoy\\] \\*50%\\* \\_ya\\_ \\~x\\~ \\{a\\|b\\} \\<c\\> \\\\',
    );
    const { fetch, sent } = recordingFetch(() => created());
    await createPublication(app, liRequest({ text: 'Hola (de nuevo)', privacy: 'private' }), textOnly, optionsWith(fetch));
    expect(sent[0]?.json).toMatchObject({ commentary: 'Hola \\(de nuevo\\)', visibility: 'CONNECTIONS' });
  });

  it.each([
    [401, { serviceErrorCode: 65601, code: 'REVOKED_ACCESS_TOKEN', message: 'The token used in the request has been revoked by the user', status: 401 }, 'invalid_grant'],
    [422, { message: 'ERROR :: /commentary :: length of text exceeds 3000', status: 422 }, 'rejected'],
    [403, { serviceErrorCode: 100, code: 'ACCESS_DENIED', message: 'Not enough permissions to access: partnerApiPostsExternal.CREATE', status: 403 }, 'denied'],
    [426, { message: 'Requested version 20200101 is not active', status: 426 }, 'unavailable'],
  ])('HTTP %i: NetworkError %s with LinkedIn words', async (status, body, kind) => {
    const { fetch } = recordingFetch(() => json(body, status));
    const error = await failureOf(createPublication(app, liRequest(), textOnly, optionsWith(fetch)));
    expect(error).toBeInstanceOf(NetworkError);
    // Long identifier-like runs are cut from details (call.ts's redaction), the words stay.
    expect(error).toMatchObject({ kind, detail: expect.stringContaining(body.message.split(':')[0] ?? '') });
  });

  it('a 201 without x-restli-id is OutcomeUnknown (a post exists, its URN was not said); a 504 too, sent once', async () => {
    const { fetch } = recordingFetch(() => new Response(null, { status: 201 }));
    expect(await failureOf(createPublication(app, liRequest(), textOnly, optionsWith(fetch)))).toBeInstanceOf(OutcomeUnknown);
    const { fetch: gateway, sent } = recordingFetch(() => new Response('Gateway Timeout', { status: 504 }));
    expect(await failureOf(createPublication(app, liRequest(), textOnly, optionsWith(gateway)))).toBeInstanceOf(OutcomeUnknown);
    expect(sent).toHaveLength(1);
  });

  it('findPublished is unknowable (reading posts needs a partner-only scope), without a call', async () => {
    const { fetch, sent } = recordingFetch(() => json({}));
    expect(await findPublished(app, liRequest(), textOnly, optionsWith(fetch))).toBe('unknowable');
    expect(sent).toHaveLength(0);
  });
});
