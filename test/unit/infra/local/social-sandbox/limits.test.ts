/**
 * Rate-limit headers on the publishing answers (issue 13): Meta's `X-App-Usage` on every Graph
 * answer and `X-Business-Use-Case-Usage` keyed by the page or Instagram account on page-token
 * answers, X's `x-rate-limit-*` on every answer (errors too); and every route's publishing step is
 * one the fault hook knows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCIAL_NETWORKS } from '@director-ia/shared';
import { API_ROUTES, UPLOAD_ROUTES } from '../../../../../infra/local/social-sandbox/api';
import { OPERATIONS } from '../../../../../infra/local/social-sandbox/faults';
import { TELEGRAM_METHODS } from '../../../../../infra/local/social-sandbox/telegram';
import { callApi, postForm, postJson, publisher, send, startTestSandbox, TARGET, type TestSandbox } from './support';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

const usage = (header: string | null) => JSON.parse(header ?? 'null') as Record<string, unknown> | null;

describe('rate-limit headers', () => {
  it.each(['facebook', 'instagram'] as const)('%s: X-App-Usage always; X-Business-Use-Case-Usage on page-token calls', async (network) => {
    const { token, userToken } = await publisher(t.sandbox, network);
    const me = await send(`${t.sandbox.apps()[network].urls.api}/me`, { headers: { authorization: `Bearer ${userToken}` } });
    expect(usage(me.headers.get('x-app-usage'))).toEqual({ call_count: expect.any(Number), total_cputime: expect.any(Number), total_time: expect.any(Number) });
    expect(me.headers.get('x-business-use-case-usage')).toBeNull();
    const business = network === 'facebook' ? TARGET.facebook : TARGET.instagram;
    const path = network === 'facebook' ? `/${TARGET.facebook}/feed` : `/${TARGET.instagram}/content_publishing_limit`;
    for (const answer of [
      await send(`${t.sandbox.apps()[network].urls.api}${path}`, { headers: { authorization: `Bearer ${token}` } }),
      // A refusal (no message; no creation_id) carries them too.
      await postForm(`${t.sandbox.apps()[network].urls.api}/${business}/${network === 'facebook' ? 'feed' : 'media_publish'}`, token, {}),
    ]) {
      expect(answer.status).not.toBe(404);
      expect(usage(answer.headers.get('x-app-usage'))).toMatchObject({ call_count: expect.any(Number) });
      expect(usage(answer.headers.get('x-business-use-case-usage'))).toEqual({
        [business]: [{ type: network === 'facebook' ? 'pages' : 'instagram', call_count: expect.any(Number), total_cputime: expect.any(Number), total_time: expect.any(Number), estimated_time_to_regain_access: 0 }],
      });
    }
  });

  it('x: on successes and refusals alike, remaining going down', async () => {
    const { token } = await publisher(t.sandbox, 'x');
    const api = t.sandbox.apps().x.urls.api;
    const ok = await postJson(`${api}/tweets`, token, { text: 'Con cabeceras' });
    const refused = await postJson(`${api}/tweets`, token, {});
    expect(ok.status).toBe(201);
    expect(refused.status).toBe(400);
    expect([ok, refused].map((answer) => answer.headers.get('x-rate-limit-remaining'))).toEqual(['99', '98']);
    expect(refused.headers.get('x-rate-limit-limit')).toBe('100');
    expect(refused.headers.get('x-rate-limit-reset')).toBe(ok.headers.get('x-rate-limit-reset'));
    // A token that does not open the route gets no rate headers (the call is not counted).
    expect((await send(`${api}/tweets`, { method: 'POST' })).headers.get('x-rate-limit-limit')).toBeNull();
    expect((await callApi(t.sandbox, 'x', '/users/me', token)).status).toBe(200);
  });
});

describe('operations', () => {
  it('every route’s publishing step is one the fault hook accepts', () => {
    const tables = [...Object.entries(API_ROUTES), ...Object.entries(UPLOAD_ROUTES)];
    for (const [network, routes] of tables) {
      for (const route of routes ?? []) {
        if (typeof route.operation === 'string') expect(OPERATIONS[network as keyof typeof OPERATIONS]).toContain(route.operation);
      }
    }
    expect(Object.keys(OPERATIONS).sort()).toEqual([...SOCIAL_NETWORKS].sort());
    for (const method of ['sendMessage', 'sendPhoto', 'sendVideo', 'sendMediaGroup']) expect(Object.keys(TELEGRAM_METHODS)).toContain(method);
  });
});
