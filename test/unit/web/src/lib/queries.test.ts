/**
 * The shape every feature mutation takes (lib/queries.ts), run under a real TanStack
 * MutationObserver: the success toast (fixed or from the result) before `onSuccess`, the failure
 * toast ('Error: ' + message, or the given text) before `onError`, and the `invalidates` keys
 * re-read once the call settles, on success and on failure, before the mutation ends.
 */
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ASSET_URL_EXPIRES_SECONDS, MSG } from '@director-ia/shared';

vi.mock('../../../../../web/src/lib/auth', () => ({ getAccessToken: async () => null }));
vi.mock('../../../../../web/src/lib/config', () => ({ getConfig: () => ({ apiBase: '/api' }) }));

const { callableMutationOptions, operationErrorText, URL_REFRESH_MS } = await import('../../../../../web/src/lib/queries');
const { CallableClientError } = await import('../../../../../web/src/lib/api');

function harness() {
  const log: string[] = [];
  const toast = { success: (text: string) => log.push(`ok:${text}`), error: (text: string) => log.push(`error:${text}`) };
  return { client: new QueryClient(), log, toast };
}

describe('callableMutationOptions', () => {
  it('toasts the success text, then runs onSuccess with the mutation context', async () => {
    const { client, log, toast } = harness();
    const options = callableMutationOptions(
      {
        mutationFn: async (n: number) => n * 2,
        success: (data, n) => `${n}→${data}`,
        onSuccess: (data, _n, _m, context) => {
          log.push(`onSuccess:${data}`);
          context.client.setQueryData(['doubled'], data);
        },
      },
      toast,
    );
    await expect(new MutationObserver(client, options).mutate(21)).resolves.toBe(42);
    expect(log).toEqual(['ok:21→42', 'onSuccess:42']);
    expect(client.getQueryData(['doubled'])).toBe(42);
  });

  it("toasts 'Error: ' + the message by default, then runs onError", async () => {
    const { client, log, toast } = harness();
    const options = callableMutationOptions(
      {
        mutationFn: async () => {
          throw new CallableClientError('INTERNAL', 'fallo');
        },
        success: 'nunca',
        onError: (error) => void log.push(`onError:${error.message}`),
      },
      toast,
    );
    await expect(new MutationObserver(client, options).mutate(undefined)).rejects.toThrow('fallo');
    expect(log).toEqual([`error:${MSG.errorPrefix}fallo`, 'onError:fallo']);
  });

  it('uses the given failure text', async () => {
    const { client, log, toast } = harness();
    const options = callableMutationOptions({ mutationFn: async () => Promise.reject(new Error('x')), failure: (error) => `propio ${error.message}` }, toast);
    await new MutationObserver(client, options).mutate(undefined).catch(() => undefined);
    expect(log).toEqual(['error:propio x']);
  });

  it.each([
    ['success', async () => 'ok'],
    ['failure', async () => Promise.reject(new Error('x'))],
  ])('re-reads the invalidated keys after a %s, before the mutation ends', async (_case, mutationFn) => {
    const { client, toast } = harness();
    client.setQueryData(['list'], [1]);
    client.setQueryData(['other'], [2]);
    const options = callableMutationOptions({ mutationFn, invalidates: [['list']] }, toast);
    await new MutationObserver(client, options).mutate(undefined).catch(() => undefined);
    expect(client.getQueryState(['list'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['other'])?.isInvalidated).toBe(false);
  });

  it('invalidates nothing without invalidates', async () => {
    const { client, toast } = harness();
    client.setQueryData(['list'], [1]);
    await new MutationObserver(client, callableMutationOptions({ mutationFn: async () => 'ok' }, toast)).mutate(undefined);
    expect(client.getQueryState(['list'])?.isInvalidated).toBe(false);
  });
});

describe('helpers', () => {
  it("operationErrorText is 'Error: ' + the error's message", () => {
    expect(operationErrorText(new Error('sin red'))).toBe(`${MSG.errorPrefix}sin red`);
    expect(operationErrorText('raro')).toBe(MSG.errorPrefix + MSG.internal);
  });

  it('re-reads URL lists two minutes before their URLs expire', () => {
    expect(URL_REFRESH_MS).toBe((ASSET_URL_EXPIRES_SECONDS - 120) * 1000);
    expect(URL_REFRESH_MS).toBeGreaterThan(0);
  });
});
