/**
 * The browser half of an OAuth connection (issue 12 item 1, architecture "Social networks" steps 1
 * and 5): the popup opens before anything is awaited, centred at 500x600; a blocked popup or a
 * failed initiateOAuth say so (and close the popup); the callback page's answer counts only from
 * our origin, well formed, with the state of an authUrl this page opened for that network, once —
 * whether it comes on the window or on the BroadcastChannel (real one, Node's).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OAUTH_MESSAGE_TYPE, type OAuthNetwork } from '@director-ia/shared';
import { authUrlState, createOAuthPopup, popupFeatures, POPUP_NAME, type OAuthPopup, type OAuthResult } from '../../../../../../web/src/features/social/oauthPopup';

const ORIGIN = 'https://panel.example';
const authUrlOf = (state: string) => `https://www.facebook.com/v25.0/dialog/oauth?client_id=1&state=${state}&response_type=code`;

class FakePopup {
  closed = false;
  location = { href: 'about:blank' };
  close() {
    this.closed = true;
  }
}

class FakeWindow extends EventTarget {
  readonly location = { origin: ORIGIN };
  readonly screenX = 100;
  readonly screenY = 50;
  readonly outerWidth = 1300;
  readonly outerHeight = 900;
  readonly opened: { url: string; target: string; features: string }[] = [];
  popup: FakePopup | null = new FakePopup();
  open(url: string, target: string, features: string) {
    this.opened.push({ url, target, features });
    return this.popup;
  }
  /** What the callback page's `window.opener.postMessage(data, origin)` delivers here. */
  post(data: unknown, origin = ORIGIN) {
    this.dispatchEvent(new MessageEvent('message', { data, origin }));
  }
}

const message = (state: string, extra: Record<string, unknown> = { code: 'code-1' }, network: OAuthNetwork = 'facebook') => ({ type: OAUTH_MESSAGE_TYPE, network, state, ...extra });

const flows: OAuthPopup[] = [];
const channels: BroadcastChannel[] = [];
afterEach(() => {
  flows.splice(0).forEach((flow) => flow.dispose());
  channels.splice(0).forEach((channel) => channel.close());
});

function setUp(initiate: (network: OAuthNetwork) => Promise<string> = async () => authUrlOf('s-1')) {
  const win = new FakeWindow();
  const results: OAuthResult[] = [];
  const initiateSpy = vi.fn(initiate);
  const flow = createOAuthPopup({ win, initiate: initiateSpy, onResult: (result) => results.push(result) });
  flows.push(flow);
  return { win, results, flow, initiate: initiateSpy };
}

/** Posts on the fallback channel the way the callback page does (another BroadcastChannel of the same name). */
function postOnChannel(data: unknown) {
  const channel = new BroadcastChannel(OAUTH_MESSAGE_TYPE);
  channels.push(channel);
  channel.postMessage(data);
}

describe('start', () => {
  it('opens the 500x600 popup centred on the window before awaiting, then sends it to the authUrl', async () => {
    const { win, flow, initiate } = setUp();
    const outcome = flow.start('facebook');
    expect(win.opened).toEqual([{ url: '', target: POPUP_NAME, features: 'popup=yes,width=500,height=600,left=500,top=200' }]);
    await expect(outcome).resolves.toBe('opened');
    expect(initiate).toHaveBeenCalledWith('facebook');
    expect(win.popup?.location.href).toBe(authUrlOf('s-1'));
    expect(win.popup?.closed).toBe(false);
  });

  it('is blocked when the browser gives no popup, and asks the server for nothing', async () => {
    const { win, flow, initiate } = setUp();
    win.popup = null;
    await expect(flow.start('facebook')).resolves.toBe('blocked');
    expect(initiate).not.toHaveBeenCalled();
  });

  it.each([
    ['initiateOAuth fails', () => Promise.reject(new Error('No disponible en esta instalación'))],
    ['the authUrl has no state', async () => 'https://www.facebook.com/v25.0/dialog/oauth?client_id=1'],
    ['the authUrl is not a web address', async () => 'javascript:alert(1)//?state=s-1'],
  ])('fails and closes the popup when %s', async (_case, initiate) => {
    const { win, flow } = setUp(initiate);
    await expect(flow.start('facebook')).resolves.toBe('failed');
    expect(win.popup?.closed).toBe(true);
    expect(win.popup?.location.href).toBe('about:blank');
  });

  it('closes the popup of a start still waiting for its URL when the page goes away', async () => {
    let answer: (url: string) => void = () => undefined;
    const { win, flow, results } = setUp(() => new Promise((resolve) => (answer = resolve)));
    const outcome = flow.start('facebook');
    flow.dispose();
    answer(authUrlOf('s-1'));
    await expect(outcome).resolves.toBe('failed');
    expect(win.popup?.closed).toBe(true);
    win.post(message('s-1'));
    expect(results).toEqual([]);
  });
});

describe('the callback page answer', () => {
  it('a code with the state of the opened authUrl completes, once (the same answer again is ignored)', async () => {
    const { win, flow, results } = setUp();
    await flow.start('facebook');
    win.post(message('s-1'));
    win.post(message('s-1'));
    expect(results).toEqual([{ kind: 'code', network: 'facebook', state: 's-1', code: 'code-1' }]);
  });

  it.each([
    ['an error', { error: 'access_denied' }],
    ['neither code nor error', {}],
    ['both code and error', { code: 'c', error: 'access_denied' }],
  ])('%s is a cancelled connection', async (_case, extra) => {
    const { win, flow, results } = setUp();
    await flow.start('facebook');
    win.post(message('s-1', extra));
    expect(results).toEqual([{ kind: 'cancelled', network: 'facebook' }]);
  });

  it('ignores other origins, other states, another network and malformed data', async () => {
    const { win, flow, results } = setUp();
    await flow.start('facebook');
    win.post(message('s-1'), 'https://evil.example');
    win.post(message('s-1'), 'null');
    win.post(message('s-2'));
    win.post(message(''));
    win.post(message('s-1', { code: 'code-1' }, 'instagram'));
    win.post({ ...message('s-1'), type: 'otra-cosa' });
    win.post({ ...message('s-1'), code: 42 });
    win.post({ type: OAUTH_MESSAGE_TYPE, network: 'facebook', code: 'code-1' });
    win.post('director-ia:oauth s-1 code-1');
    win.post(null);
    expect(results).toEqual([]);
    win.post(message('s-1'));
    expect(results).toHaveLength(1);
  });

  it('ignores an answer that arrives before any start', () => {
    const { win, results } = setUp();
    win.post(message('s-1'));
    expect(results).toEqual([]);
  });

  it('hears the BroadcastChannel when the network cut the opener, and then ignores the same answer on the window', async () => {
    const { win, flow, results } = setUp();
    await flow.start('facebook');
    postOnChannel({ ...message('s-1'), type: 'otra-cosa' });
    postOnChannel(message('s-2'));
    postOnChannel(message('s-1'));
    await vi.waitFor(() => expect(results).toEqual([{ kind: 'code', network: 'facebook', state: 's-1', code: 'code-1' }]));
    win.post(message('s-1'));
    postOnChannel(message('s-1'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(results).toHaveLength(1);
  });

  it('keeps two flows apart: each state completes its own network', async () => {
    const urls: Record<string, string> = { facebook: authUrlOf('s-fb'), x: 'https://x.com/i/oauth2/authorize?state=s-x&code_challenge=c' };
    const { win, flow, results } = setUp(async (network) => urls[network] ?? '');
    await flow.start('facebook');
    await flow.start('x');
    win.post(message('s-fb', { code: 'c-x' }, 'x'));
    win.post(message('s-x', { code: 'c-x' }, 'x'));
    win.post(message('s-fb', { code: 'c-fb' }));
    expect(results).toEqual([
      { kind: 'code', network: 'x', state: 's-x', code: 'c-x' },
      { kind: 'code', network: 'facebook', state: 's-fb', code: 'c-fb' },
    ]);
  });

  it('stops listening once disposed', async () => {
    const { win, flow, results } = setUp();
    await flow.start('facebook');
    flow.dispose();
    win.post(message('s-1'));
    expect(results).toEqual([]);
  });
});

describe('helpers', () => {
  it('centres the popup and never places it off screen', () => {
    expect(popupFeatures({ screenX: 0, screenY: 0, outerWidth: 300, outerHeight: 300 })).toBe('popup=yes,width=500,height=600,left=0,top=0');
  });

  it('reads the state of an http(s) authUrl only', () => {
    expect(authUrlState('https://a.example/auth?state=abc&x=1')).toBe('abc');
    expect(authUrlState('http://127.0.0.1:9000/facebook/oauth/authorize?state=abc')).toBe('abc');
    expect(authUrlState('https://a.example/auth?state=')).toBeNull();
    expect(authUrlState('no es una url')).toBeNull();
    expect(authUrlState('data:text/html,?state=abc')).toBeNull();
  });
});
