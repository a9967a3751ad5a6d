/**
 * Where the app finds the environment's initial custom token (spec 4; issue 17 item 3): the global a
 * host sets, or the `#custom_token=` fragment, which leaves the address bar at once; each is used
 * once. The e-mail the sign-in names comes from the token's payload.
 */
import { describe, expect, it } from 'vitest';
import { customTokenEmail, takeInitialCustomToken } from '../../../../../web/src/lib/customToken';

function hostWindow(url: string, global?: unknown) {
  const location = new URL(url);
  const replaced: string[] = [];
  const win = {
    location,
    history: {
      state: null,
      replaceState: (_state: unknown, _title: string, next: string) => {
        replaced.push(next);
        const target = new URL(next, location);
        location.hash = target.hash;
      },
    },
    ...(global === undefined ? {} : { __initial_auth_token: global }),
  };
  return { win: win as unknown as Window & { __initial_auth_token?: unknown }, replaced };
}

const jwt = (payload: object) => `e30.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`;

describe('takeInitialCustomToken', () => {
  it('takes the token from the fragment and removes it from the address, keeping the rest', () => {
    const { win, replaced } = hostWindow('https://app.example/?x=1#custom_token=a.b.c&tab=2');
    expect(takeInitialCustomToken(win)).toBe('a.b.c');
    expect(replaced).toEqual(['/?x=1#tab=2']);
    expect(takeInitialCustomToken(win)).toBeNull();
  });

  it('leaves no empty fragment behind', () => {
    const { win, replaced } = hostWindow('https://app.example/#custom_token=a.b.c');
    expect(takeInitialCustomToken(win)).toBe('a.b.c');
    expect(replaced).toEqual(['/']);
  });

  it('takes the global a host set before the app loaded, once', () => {
    const { win } = hostWindow('https://app.example/', 'x.y.z');
    expect(takeInitialCustomToken(win)).toBe('x.y.z');
    expect(takeInitialCustomToken(win)).toBeNull();
  });

  it('finds nothing in a plain address or an unrelated fragment, and changes neither', () => {
    const { win, replaced } = hostWindow('https://app.example/#inicio');
    expect(takeInitialCustomToken(win)).toBeNull();
    expect(replaced).toEqual([]);
  });
});

describe('customTokenEmail', () => {
  it('reads the e-mail claim, lower-cased', () => {
    expect(customTokenEmail(jwt({ email: 'Ana@Example.es', aud: 'x' }))).toBe('ana@example.es');
  });

  it('is null without a usable e-mail', () => {
    expect(customTokenEmail(jwt({ sub: 'x' }))).toBeNull();
    expect(customTokenEmail('garbage')).toBeNull();
    expect(customTokenEmail('a.%%%.c')).toBeNull();
  });
});
