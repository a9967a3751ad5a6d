import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { identityFromEvent, parseGroups } from '../../../../../lambdas/platform/callable/identity';
import { stringifyClaims } from '../../../../../infra/local/events';

const event = (claims?: Record<string, unknown>) => ({ requestContext: claims ? { authorizer: { jwt: { claims, scopes: null } } } : {} }) as never;
const CLIENT = 'web-client-id';
const ENV = { USER_POOL_CLIENT_ID: CLIENT };
/** The claims of a Cognito access token of the web client. */
const access = (extra: Record<string, unknown>) => ({ token_use: 'access', client_id: CLIENT, scope: 'aws.cognito.signin.user.admin', ...extra });

describe('identity from verified claims', () => {
  it.each([
    ['HTTP API string form', '[admins]', true],
    ['several groups', '[editors admins]', true],
    ['a real array', ['admins'], true],
    ['JSON-quoted form', '["admins","x"]', true],
    ['other groups only', '[editors]', false],
    ['no groups claim', undefined, false],
    ['a look-alike name', '[admins2]', false],
  ])('%s → isAdmin %s', (_label, groups, isAdmin) => {
    expect(identityFromEvent(event(access({ sub: 'abc', 'cognito:groups': groups })), ENV)).toMatchObject({ sub: 'abc', isAdmin });
  });

  it.each([
    ['no authorizer', undefined],
    ['no sub', { 'cognito:groups': '[admins]' }],
    ['empty sub', { sub: '' }],
    // What the HTTP API authorizer lets through without a scope rule: an ID token of the same client.
    ['an ID token of the web client', { sub: 'abc', token_use: 'id', aud: CLIENT, 'cognito:groups': '[admins]' }],
    ['an access token of another client', access({ sub: 'abc', client_id: 'other-client' })],
    ['an access token without client_id', { sub: 'abc', token_use: 'access' }],
  ])('%s → no identity', (_label, claims) => {
    expect(identityFromEvent(event(claims === undefined ? undefined : 'token_use' in claims ? claims : access(claims)), ENV)).toBeNull();
  });

  it.each([
    ['the string API Gateway passes', '1800000000', 1_800_000_000],
    ['a number', 1_800_000_000, 1_800_000_000],
    ['no iat', undefined, undefined],
    ['garbage', 'ayer', undefined],
  ])('reads iat (issue 17: tokens issued before a suspension) from %s', (_label, iat, issuedAt) => {
    const identity = identityFromEvent(event(access({ sub: 'abc', ...(iat === undefined ? {} : { iat }) })), ENV);
    expect(identity?.issuedAt).toBe(issuedAt);
  });

  it('identifies nobody when the deployment did not say which client it trusts (fail closed)', () => {
    expect(identityFromEvent(event(access({ sub: 'abc' })), {})).toBeNull();
  });

  it('parses back whatever group list the twin renders like API Gateway', () => {
    const group = fc.stringMatching(/^[A-Za-z0-9_.@-]{1,20}$/);
    fc.assert(
      fc.property(fc.array(group, { maxLength: 6 }), (groups) => {
        const claims = stringifyClaims({ sub: 's', 'cognito:groups': groups });
        expect(parseGroups(claims['cognito:groups'])).toEqual(groups);
      }),
    );
  });
});
