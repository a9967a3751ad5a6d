/**
 * The public OAuth callback page (issue 12 flow step 4): a Spanish page whose one inline script is
 * the one the CSP's sha256 allows, posting to the dashboard's origin only; the query's `state`
 * cannot break out of the JSON block; only `code`, `state`, `error` are read, length-capped; a
 * platform that is not an OAuth network is a 404; no-store and no-referrer.
 */
import { createHash } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OAUTH_MESSAGE_TYPE, OAuthCallbackMessageSchema, SOCIAL_MSG } from '@director-ia/shared';
import { handler } from '../../../../lambdas/http/oauthCallback';

const event = (platform: string, rawQueryString: string) =>
  ({ rawPath: `/oauth/callback/${platform}`, rawQueryString, pathParameters: { platform }, headers: {} }) as unknown as APIGatewayProxyEventV2;

async function page(platform: string, query: string) {
  const response = await handler(event(platform, query));
  const body = String(response.body);
  const headers = response.headers as Record<string, string>;
  const data = /<script type="application\/json" id="oauth-data">([^<]*)<\/script>/.exec(body)?.[1];
  const inline = [...body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
  return { status: response.statusCode, body, headers, data: data === undefined ? undefined : (JSON.parse(data) as { targetOrigin: string; channel: string; message: unknown }), inline };
}

describe('the OAuth callback page', () => {
  beforeEach(() => vi.stubEnv('SITE_URL', 'https://panel.example.test/app/'));
  afterEach(() => vi.unstubAllEnvs());

  it('posts the code and state to the dashboard origin only, with a CSP that allows exactly its one script', async () => {
    const { status, body, headers, data, inline } = await page('facebook', 'code=AQB-code_123&state=s7aTe&granted_scopes=pages_show_list&extra=1');
    expect(status).toBe(200);
    expect(headers['content-type']).toBe('text/html; charset=utf-8');
    expect(headers['cache-control']).toBe('no-store');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(body).toContain('<html lang="es">');
    expect(data).toEqual({ targetOrigin: 'https://panel.example.test', channel: OAUTH_MESSAGE_TYPE, message: { type: OAUTH_MESSAGE_TYPE, network: 'facebook', state: 's7aTe', code: 'AQB-code_123' } });
    expect(OAuthCallbackMessageSchema.safeParse(data?.message).success).toBe(true);
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256').update(inline[0] ?? '').digest('base64');
    const csp = headers['content-security-policy'] ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`script-src 'sha256-${hash}'`);
    expect(inline[0]).toContain('postMessage(data.message, data.targetOrigin)');
    expect(inline[0]).toContain('BroadcastChannel');
    expect(inline[0]).toContain('window.close()');
    // Nothing but the three parameters travels.
    expect(body).not.toContain('pages_show_list');
  });

  it('hands over the network’s error (the owner cancelled) and says so in Spanish', async () => {
    const { data, body } = await page('x', 'error=access_denied&state=abc&code=ignored');
    expect(data?.message).toEqual({ type: OAUTH_MESSAGE_TYPE, network: 'x', state: 'abc', error: 'access_denied' });
    expect(body).toContain(SOCIAL_MSG.cancelled);
  });

  it('keeps a hostile state inside the JSON block', async () => {
    const hostile = '</script><script>alert(1)</script><!--&\u2028';
    const { body, data, inline } = await page('linkedin', `code=c&state=${encodeURIComponent(hostile)}`);
    expect(body).not.toContain('</script><script>alert(1)');
    expect(body).not.toContain('<!--');
    expect(inline).toHaveLength(1);
    expect((data?.message as { state: string }).state).toBe(hostile);
  });

  it('drops over-long values: no code means an invalid_request error, an over-long state is empty', async () => {
    const { data } = await page('youtube', `code=${'c'.repeat(2049)}&state=${'s'.repeat(257)}`);
    expect(data?.message).toEqual({ type: OAUTH_MESSAGE_TYPE, network: 'youtube', state: '', error: 'invalid_request' });
  });

  it.each(['telegram', 'myspace', '..'])('answers 404 for %s, with no script', async (platform) => {
    const { status, body, headers } = await page(platform, 'code=c&state=s');
    expect(status).toBe(404);
    expect(body).not.toContain('<script');
    expect(headers['content-security-policy']).toContain("default-src 'none'");
    expect(headers['cache-control']).toBe('no-store');
  });

  it('answers a Spanish 500 page without SITE_URL, posting nowhere', async () => {
    vi.stubEnv('SITE_URL', '');
    const { status, body } = await page('x', 'code=c&state=s');
    expect(status).toBe(500);
    expect(body).toContain('No se pudo completar la conexión');
    expect(body).not.toContain('<script');
  });
});
