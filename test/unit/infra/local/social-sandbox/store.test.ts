/**
 * What the sandbox keeps: tokens and client secrets survive a restart on the same state directory
 * (a twin restart keeps connections working), the state file never holds a usable token, request
 * records are masked (signed URLs and long values too) and capped at the newest 1000.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { maskFields, recordFields, RECORDS_CAP, SandboxStore } from '../../../../../infra/local/social-sandbox/store';
import { ACCOUNT_CALL, callApi, connect, requestToken, startTestSandbox } from './support';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'social-sandbox-store-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('persistence', () => {
  it('keeps clients, tokens and records across a restart', async () => {
    const stateDir = tempDir();
    const first = await startTestSandbox({ stateDir });
    const apps = first.sandbox.apps();
    const x = await connect(first.sandbox, 'x');
    const pinterest = await connect(first.sandbox, 'pinterest');
    const recorded = first.sandbox.requests();
    await first.sandbox.stop();

    const second = await startTestSandbox({ stateDir });
    try {
      const again = second.sandbox.apps();
      expect(again.x.clientSecret).toBe(apps.x.clientSecret);
      expect(again.x.clientId).toBe('sandbox-x');
      expect((await callApi(second.sandbox, 'x', ACCOUNT_CALL.x, x.body.access_token)).status).toBe(200);
      expect((await requestToken(second.sandbox, 'pinterest', { grant_type: 'refresh_token', refresh_token: pinterest.body.refresh_token })).status).toBe(200);
      expect(second.sandbox.requests().slice(0, recorded.length)).toEqual(recorded);
      expect(second.sandbox.requests().length).toBeGreaterThan(recorded.length);
    } finally {
      await second.sandbox.stop();
    }
    const state = readFileSync(path.join(stateDir, 'state.json'), 'utf8');
    expect(state).not.toContain(x.body.access_token);
    expect(state).not.toContain(pinterest.body.refresh_token);
  });

  it('gives each state directory its own client secrets', async () => {
    const a = await startTestSandbox();
    const b = await startTestSandbox();
    try {
      expect(a.sandbox.apps().tiktok.clientSecret).not.toBe(b.sandbox.apps().tiktok.clientSecret);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('request records', () => {
  it('mask tokens, secrets, codes and states in the query and the form', async () => {
    const t = await startTestSandbox();
    try {
      const tokens = await connect(t.sandbox, 'youtube');
      await requestToken(t.sandbox, 'youtube', { grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token });
      const records = t.sandbox.requests('youtube');
      const exchange = records.find((record) => record.path === '/oauth/token' && record.body?.grant_type === 'authorization_code');
      expect(exchange).toMatchObject({
        network: 'youtube',
        method: 'POST',
        body: { client_id: 'sandbox-youtube', client_secret: '***', code: '***', code_verifier: '***', redirect_uri: expect.any(String) },
        status: 200,
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      expect(records.find((record) => record.path === '/oauth/authorize')?.query).toMatchObject({ client_id: 'sandbox-youtube', state: '***', access_type: 'offline' });
      const all = JSON.stringify(t.sandbox.requests());
      for (const secret of [tokens.body.access_token, tokens.body.refresh_token, t.sandbox.apps().youtube.clientSecret]) expect(all).not.toContain(secret);
      const viaHook = await (await fetch(`${t.sandbox.url}/__sandbox/requests?network=youtube`)).json();
      expect(viaHook).toEqual({ requests: records });
      expect(t.sandbox.requests('x')).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('masks nested JSON fields', () => {
    expect(maskFields({ text: 'hola', access_token: 'a', nested: { client_secret: 's', keep: 1 }, code: 'c', code_challenge_method: 'S256' })).toEqual({
      text: 'hola',
      access_token: '***',
      nested: { client_secret: '***', keep: 1 },
      code: '***',
      code_challenge_method: 'S256',
    });
  });

  it('keeps signed URLs without their query and clips long values (base64 media), in arrays too', () => {
    const long = 'A'.repeat(5000);
    expect(
      recordFields({
        image_url: 'https://bucket.s3.amazonaws.com/a.jpg?X-Amz-Credential=AKIA%2F&X-Amz-Signature=abc',
        link: 'https://example.com/?utm_source=x',
        media_source: { data: long },
        media: [{ media: 'https://cdn/x.mp4?sig=1' }],
      }),
    ).toEqual({
      image_url: 'https://bucket.s3.amazonaws.com/a.jpg?***',
      link: 'https://example.com/?utm_source=x',
      media_source: { data: `${'A'.repeat(64)}… (5000 characters)` },
      media: [{ media: 'https://cdn/x.mp4?***' }],
    });
  });

  it(`keeps the newest ${RECORDS_CAP}, also after a reload`, () => {
    const dir = tempDir();
    const store = new SandboxStore(dir, Date.now);
    const total = 2 * RECORDS_CAP + 5;
    for (let i = 0; i < total; i++) store.record({ network: 'x', method: 'GET', path: `/api/${i}`, query: {}, body: null, status: 200, time: new Date().toISOString() });
    const kept = store.requests();
    expect(kept).toHaveLength(RECORDS_CAP);
    expect(kept[0]?.path).toBe(`/api/${total - RECORDS_CAP}`);
    expect(kept.at(-1)?.path).toBe(`/api/${total - 1}`);
    const reloaded = new SandboxStore(dir, Date.now).requests();
    expect(reloaded).toEqual(kept);
    expect(readFileSync(path.join(dir, 'requests.jsonl'), 'utf8').trim().split('\n')).toHaveLength(RECORDS_CAP);
  });
});
