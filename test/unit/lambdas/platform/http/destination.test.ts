/**
 * Where the outbound client may go (lambdas/platform/http/destination.ts, issue 12 SSRF):
 * which addresses count as public, the save-time URL check (IP literals in every spelling,
 * names through an injected resolver, the deployment allowlist) and the allowlist's parsing.
 */
import { describe, expect, it } from 'vitest';
import { allowedOrigins, checkUrl, DestinationRefusedError, isPublicAddress, type LookupAll } from '../../../../../lambdas/platform/http';

const NOTHING: ReadonlySet<string> = new Set();
const resolvesTo =
  (...addresses: string[]): LookupAll =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
const neverCalled: LookupAll = () => Promise.reject(new Error('no lookup expected'));

async function refusal(promise: Promise<unknown>): Promise<DestinationRefusedError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DestinationRefusedError);
  return error as DestinationRefusedError;
}

describe('isPublicAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'IPv6 loopback'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['10.0.0.5', 'private 10/8'],
    ['172.16.0.1', 'private 172.16/12'],
    ['192.168.1.1', 'private 192.168/16'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['fd00:ec2::254', 'unique local (AWS IPv6 metadata)'],
    ['fe80::1', 'IPv6 link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'IPv6 unspecified'],
    ['224.0.0.1', 'multicast'],
    ['not-an-ip', 'not an address'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:93.184.216.34'])('accepts the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('checkUrl', () => {
  it.each([
    'http://127.0.0.1:11434/v1',
    'http://127.1/v1',
    'http://0x7f.1/v1',
    'http://2130706433/v1',
    'http://0177.0.0.1/v1',
    'http://[::1]:8080/v1',
    'http://[::ffff:127.0.0.1]/v1',
    'http://10.0.0.5/v1',
    'http://172.16.0.1/v1',
    'http://192.168.1.1/v1',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://100.64.0.1/v1',
    'http://0.0.0.0:8080/v1',
  ])('refuses the non-public IP literal of %s without resolving anything', async (url) => {
    expect((await refusal(checkUrl(url, NOTHING, neverCalled))).reason).toBe('address');
  });

  it.each(['https://93.184.216.34/v1', 'https://[2606:4700::1111]/v1'])('accepts the public IP literal of %s', async (url) => {
    await expect(checkUrl(url, NOTHING, neverCalled)).resolves.toBeUndefined();
  });

  it('judges a host name by every address it resolves to', async () => {
    await expect(checkUrl('https://llm.example.com/v1', NOTHING, resolvesTo('93.184.216.34', '2606:4700::1111'))).resolves.toBeUndefined();
    const local = await refusal(checkUrl('http://localhost:11434/v1', NOTHING, resolvesTo('127.0.0.1')));
    expect(local).toMatchObject({ reason: 'address', host: 'localhost' });
    // One private address among public ones is enough to refuse.
    expect((await refusal(checkUrl('https://mixed.example.com/v1', NOTHING, resolvesTo('93.184.216.34', '10.0.0.5')))).reason).toBe('address');
  });

  it('leaves a name that does not resolve to the call-time check', async () => {
    const missing: LookupAll = () => Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }));
    await expect(checkUrl('https://not-yet.example.com/v1', NOTHING, missing)).resolves.toBeUndefined();
  });

  it('refuses what is not an http(s) URL', async () => {
    expect((await refusal(checkUrl('ftp://example.com/x', NOTHING, neverCalled))).reason).toBe('protocol');
    expect((await refusal(checkUrl('file:///etc/passwd', NOTHING, neverCalled))).reason).toBe('protocol');
    expect((await refusal(checkUrl('no es una url', NOTHING, neverCalled))).reason).toBe('invalid-url');
  });

  it('lets through an origin of the allowlist, exactly (host and port)', async () => {
    const allowed = allowedOrigins({ OUTBOUND_ALLOWED_ORIGINS: '127.0.0.1:11434, localhost:9000,[::1]:8080' });
    await expect(checkUrl('http://127.0.0.1:11434/v1', allowed, neverCalled)).resolves.toBeUndefined();
    await expect(checkUrl('http://localhost:9000/v1', allowed, neverCalled)).resolves.toBeUndefined();
    await expect(checkUrl('http://[::1]:8080/v1', allowed, neverCalled)).resolves.toBeUndefined();
    // Another port of the same host is not allowed.
    expect((await refusal(checkUrl('http://127.0.0.1:11435/v1', allowed, neverCalled))).reason).toBe('address');
    expect((await refusal(checkUrl('http://localhost:9001/v1', allowed, resolvesTo('127.0.0.1')))).reason).toBe('address');
  });
});

describe('allowedOrigins', () => {
  it('is empty without the variable, and normalises its entries (case, default ports, IPv6 brackets)', () => {
    expect(allowedOrigins({})).toEqual(new Set());
    expect(allowedOrigins({ OUTBOUND_ALLOWED_ORIGINS: '' })).toEqual(new Set());
    expect(allowedOrigins({ OUTBOUND_ALLOWED_ORIGINS: ' LocalHost:9000 ,[::1]:80,, 127.0.0.1:1' })).toEqual(new Set(['localhost:9000', '[::1]:80', '127.0.0.1:1']));
  });
});
