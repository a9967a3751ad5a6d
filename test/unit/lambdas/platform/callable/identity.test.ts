import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { identityFromEvent, parseGroups } from '../../../../../lambdas/platform/callable/identity';
import { stringifyClaims } from '../../../../../infra/local/events';

const event = (claims?: Record<string, unknown>) => ({ requestContext: claims ? { authorizer: { jwt: { claims, scopes: null } } } : {} }) as never;

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
    expect(identityFromEvent(event({ sub: 'abc', 'cognito:groups': groups }))).toMatchObject({ sub: 'abc', isAdmin });
  });

  it.each([
    ['no authorizer', undefined],
    ['no sub', { 'cognito:groups': '[admins]' }],
    ['empty sub', { sub: '' }],
  ])('%s → no identity', (_label, claims) => {
    expect(identityFromEvent(event(claims))).toBeNull();
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
