/**
 * Pinterest publishing (lambdas/platform/social/publish/pinterest.ts) against API v5's documented
 * shapes: the pin with its image URL, Pinterest's error bodies, and findPublished over the board's
 * recent pins.
 */
import { describe, expect, it } from 'vitest';
import { createPublication, findPublished, OutcomeUnknown, preparePublication, RateLimited, type Prepared } from '../../../../../../lambdas/platform/social';
import { appFor, BEARER, failureOf, json, medium, NOW, optionsWith, recordingFetch, requestFor } from './fake';

const API = 'https://api.pinterest.com/v5';
const app = appFor('pinterest');
const image = medium('image', 100);
const pinRequest = (overrides = {}) => requestFor('pinterest', { target: { id: 'board-9', kind: 'board' }, media: [image], ...overrides });
const prepared: Prepared = { v: 1, preparedAt: NOW, ready: true, network: 'pinterest' };

describe('Pinterest', () => {
  it('nothing to prepare; POST /pins with the board, title, description, link and the image URL', async () => {
    const { fetch, sent } = recordingFetch(() => json({ id: '8135', board_id: 'board-9', created_at: '2027-01-15T08:00:00' }, 201));
    const options = optionsWith(fetch);
    const request = pinRequest({ title: 'Novedad', link: 'https://marca.example/p' });
    expect(await preparePublication(app, request, undefined, options)).toEqual(prepared);
    expect(await createPublication(app, request, prepared, options)).toEqual({ postId: '8135', url: 'https://www.pinterest.com/pin/8135/' });
    expect(sent.map((r) => [r.method, r.endpoint, r.headers.authorization, r.json])).toEqual([
      [
        'POST',
        `${API}/pins`,
        BEARER,
        {
          board_id: 'board-9',
          title: 'Novedad',
          description: 'Hola desde Director IA',
          link: 'https://marca.example/p',
          media_source: { source_type: 'image_url', url: image.url },
        },
      ],
    ]);
  });

  it('a pin that is not exactly one image is rejected before any call', async () => {
    const { fetch, sent } = recordingFetch(() => json({}));
    expect(await failureOf(preparePublication(app, pinRequest({ media: [medium('video', 5)] }), undefined, optionsWith(fetch)))).toMatchObject({ kind: 'rejected' });
    expect(await failureOf(preparePublication(app, pinRequest({ media: [] }), undefined, optionsWith(fetch)))).toMatchObject({ kind: 'rejected' });
    expect(sent).toHaveLength(0);
  });

  it.each([
    [429, { code: 8, message: 'You have exceeded your rate limit. Try again later.' }, 'rate_limited'],
    [400, { code: 1, message: 'Invalid request: description is too long' }, 'rejected'],
    [404, { code: 40, message: 'Board not found.' }, 'denied'],
    [401, { code: 2, message: 'Authentication failed.' }, 'invalid_grant'],
  ])('HTTP %i: %s', async (status, body, kind) => {
    const { fetch } = recordingFetch(() => new Response(JSON.stringify(body), { status, headers: { 'retry-after': '30' } }));
    const error = await failureOf(createPublication(app, pinRequest(), prepared, optionsWith(fetch)));
    expect(error).toMatchObject({ kind, detail: body.message });
    if (error instanceof RateLimited) expect(error.retryAt).toBe(NOW + 30_000);
  });

  it('a 500 on the pin is OutcomeUnknown after one attempt', async () => {
    const { fetch, sent } = recordingFetch(() => json({ code: 0, message: 'Internal error' }, 500));
    expect(await failureOf(createPublication(app, pinRequest(), prepared, optionsWith(fetch)))).toBeInstanceOf(OutcomeUnknown);
    expect(sent).toHaveLength(1);
  });

  it("findPublished: our description among the board's recent pins", async () => {
    const { fetch, sent } = recordingFetch(() =>
      json({
        items: [
          { id: '1', description: 'Otra', created_at: '2027-01-15T08:01:00' },
          { id: '2', description: 'Hola desde Director IA', created_at: '2027-01-15T08:02:00' },
        ],
        bookmark: null,
      }),
    );
    expect(await findPublished(app, pinRequest(), prepared, optionsWith(fetch))).toEqual({ postId: '2', url: 'https://www.pinterest.com/pin/2/' });
    expect(sent.map((r) => [r.method, r.endpoint, r.query])).toEqual([['GET', `${API}/boards/board-9/pins`, { page_size: '25' }]]);
    const { fetch: old } = recordingFetch(() => json({ items: [{ id: '3', description: 'Hola desde Director IA', created_at: '2020-01-01T00:00:00' }] }));
    expect(await findPublished(app, pinRequest(), prepared, optionsWith(old))).toBeNull();
  });
});
