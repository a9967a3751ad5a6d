/**
 * Issue 16 finding 1: IPv6 sources are counted per /64 in the widget's per-IP limits (one
 * subscriber usually holds a whole /64, so rotating addresses inside it must not reset the count);
 * IPv4 is counted per address, and an IPv4-mapped IPv6 address counts as its IPv4 address.
 */
import { describe, expect, it } from 'vitest';
import { WIDGET_LIMITS, WIDGET_MSG } from '@director-ia/shared';
import { counterKey } from '../../../../../../lambdas/platform/db/counters';
import { enforceIpLimit, ipCounter, ipRateSubject } from '../../../../../../lambdas/core/widget/limits';
import { fakeCounterTable, mockDocumentClient } from '../../../../../support/document-client';

const NOON = new Date('2025-03-09T12:34:56.789Z');
const dynamo = mockDocumentClient('widget-ipv6-test');
const pk = (ip: string | null) => counterKey(ipCounter('send', ip, NOON)).pk;

describe('the subject an IP is counted as', () => {
  it('IPv6: its /64, however the address is written', () => {
    expect(ipRateSubject('2001:db8:1:2::a')).toBe('2001:db8:1:2::/64');
    expect(ipRateSubject('2001:0DB8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(ipRateSubject('2001:db8::1')).toBe('2001:db8::/64');
  });

  it('IPv4 and IPv4-mapped IPv6: the IPv4 address; anything else as given, or unknown', () => {
    expect(ipRateSubject('203.0.113.7')).toBe('203.0.113.7');
    expect(ipRateSubject('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(ipRateSubject('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(ipRateSubject(null)).toBe('unknown');
    expect(ipRateSubject('not-an-ip')).toBe('not-an-ip');
  });

  it('keys: one counter per /64, per IPv4 address', () => {
    expect(pk('2001:db8:1:2::a')).toBe(pk('2001:db8:1:2:dead:beef:0:1'));
    expect(pk('2001:db8:1:2::a')).not.toBe(pk('2001:db8:1:3::a'));
    expect(pk('::ffff:203.0.113.7')).toBe(pk('203.0.113.7'));
    expect(pk('203.0.113.7')).not.toBe(pk('203.0.113.8'));
  });
});

describe('rotating addresses inside one /64', () => {
  it(`is refused after ${WIDGET_LIMITS.ipSendsPerMinute} sends a minute, like one address`, async () => {
    fakeCounterTable(dynamo);
    for (let i = 0; i < WIDGET_LIMITS.ipSendsPerMinute; i += 1) await enforceIpLimit('send', `2001:db8:aa:bb::${(i + 1).toString(16)}`, NOON);
    await expect(enforceIpLimit('send', '2001:db8:aa:bb:1234::99', NOON)).rejects.toMatchObject({ kind: 'QUOTA_EXCEEDED', message: WIDGET_MSG.ipRateLimited });
    await enforceIpLimit('send', '2001:db8:aa:bc::1', NOON);
  });
});
