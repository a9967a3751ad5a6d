/**
 * Webhook sender checks (lambdas/core/inbox/verify.ts): Meta's X-Hub-Signature-256 over the exact
 * raw body (computed here independently), Telegram's secret token against its stored SHA-256.
 */
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { metaSignatureValid, sameText, secretHashOf, telegramSecretValid } from '../../../../../lambdas/core/inbox/verify';

const SECRET = 'app-secret-de-pruebas';
const body = Buffer.from('{"object":"page","entry":[{"id":"1","time":1,"messaging":[]}]}');
const sign = (raw: Buffer, secret = SECRET) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

describe('metaSignatureValid', () => {
  it('accepts the HMAC-SHA256 of the raw body with the app secret (hex in either case)', () => {
    expect(metaSignatureValid(body, sign(body), SECRET)).toBe(true);
    expect(metaSignatureValid(body, sign(body).toUpperCase().replace('SHA256=', 'sha256='), SECRET)).toBe(true);
  });

  it('refuses a wrong secret, a missing or malformed header, an altered body, no secret', () => {
    expect(metaSignatureValid(body, sign(body, 'otro-secreto'), SECRET)).toBe(false);
    expect(metaSignatureValid(body, undefined, SECRET)).toBe(false);
    expect(metaSignatureValid(body, sign(body).replace('sha256=', 'sha1='), SECRET)).toBe(false);
    expect(metaSignatureValid(body, `${sign(body)}00`, SECRET)).toBe(false);
    expect(metaSignatureValid(Buffer.from(body.toString().replace('"1"', '"2"')), sign(body), SECRET)).toBe(false);
    // Re-serialized JSON is not the signed bytes.
    expect(metaSignatureValid(Buffer.from(JSON.stringify(JSON.parse(body.toString()), null, 1)), sign(body), SECRET)).toBe(false);
    expect(metaSignatureValid(body, sign(body, ''), '')).toBe(false);
  });
});

describe('Telegram secret token', () => {
  it('matches its stored SHA-256 only', () => {
    const secret = 'Zk3_secret-token-base64url';
    const stored = secretHashOf(secret);
    expect(stored).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(telegramSecretValid(secret, stored)).toBe(true);
    expect(telegramSecretValid(`${secret}x`, stored)).toBe(false);
    expect(telegramSecretValid(undefined, stored)).toBe(false);
    expect(telegramSecretValid(secret, undefined)).toBe(false);
    expect(telegramSecretValid(secret, 'not-a-hash')).toBe(false);
  });
});

describe('sameText', () => {
  it('is plain equality', () => {
    expect(sameText('token', 'token')).toBe(true);
    expect(sameText('token', 'tokens')).toBe(false);
    expect(sameText('', 'x')).toBe(false);
  });
});
