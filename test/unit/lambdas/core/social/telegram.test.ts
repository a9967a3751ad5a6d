/**
 * Connecting Telegram (issue 12: bot token and channel) against DynamoDB Local with real sealing
 * and a fake Bot API check: the bot token is stored only sealed, the channel is the one target,
 * nothing expires; each refusal is the Spanish message of its reason and stores nothing.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SOCIAL_MSG } from '@director-ia/shared';
import { uniqueSub } from '../../../../support/domain-env';
import { fakeNetworks } from './fake-networks';
import { useSocialEnv } from './support';

vi.mock('../../../../../lambdas/platform/social', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  ...(await import('./fake-networks')).fakeNetworks.module,
}));

const { raw } = await useSocialEnv();
const { connectTelegram } = await import('../../../../../lambdas/core/social/telegram');
const { openSecret } = await import('../../../../../lambdas/platform/secrets');
const { InvalidInputError, UnavailableError } = await import('../../../../../lambdas/platform/errors');
const { NetworkError } = await import('../../../../../lambdas/platform/social/types');

beforeEach(() => fakeNetworks.reset());

const BOT_TOKEN = '123456789:AAHk5bZ0sandboxSecretPart_abcdefghijk';

describe('connectTelegram', () => {
  it('stores the bot as the account, the channel as the one target and the bot token sealed', async () => {
    const sub = uniqueSub();
    const { connection, found } = await connectTelegram(sub, { botToken: BOT_TOKEN, channel: '@canal_pruebas' });
    expect(found).toBe(1);
    expect(connection).toMatchObject({ network: 'telegram', state: 'conectada', account: { id: '123456789', name: 'Bot de pruebas' }, expiresAt: null });
    expect(connection.targets).toEqual([{ id: '-1001234567890', name: 'Canal de pruebas', kind: 'channel', pictureUrl: null, selected: true }]);
    const item = await raw.get(`user#${sub}`, 'social#telegram');
    expect(JSON.stringify(item)).not.toContain('sandboxSecretPart');
    await expect(openSecret(item?.accessTokenSealed as string, { tenant: sub, field: 'social:telegram:access' })).resolves.toBe(BOT_TOKEN);
    expect(item?.gsi1sk).toBeUndefined();
    expect(fakeNetworks.calls.telegram).toEqual([{ botToken: BOT_TOKEN, channel: '@canal_pruebas' }]);
  });

  it.each([
    ['a token Telegram does not know', '123456789:invalidAAHk5bZ0sandboxSecretPart_abc', '@canal_pruebas', SOCIAL_MSG.telegramBotRefused],
    ['a channel the bot cannot find', BOT_TOKEN, '@canal_inexistente', SOCIAL_MSG.telegramChatNotFound],
    ['a group instead of a channel', BOT_TOKEN, '@grupo_pruebas', SOCIAL_MSG.telegramNotChannel],
    ['a bot that is only a member', BOT_TOKEN, '@canal_sin_permiso', SOCIAL_MSG.telegramNotAdmin],
  ])('refuses %s in Spanish and stores nothing', async (_case, botToken, channel, message) => {
    const sub = uniqueSub();
    await expect(connectTelegram(sub, { botToken, channel })).rejects.toEqual(new InvalidInputError(message));
    expect(await raw.get(`user#${sub}`, 'social#telegram')).toBeUndefined();
  });

  it('says Telegram is unreachable when it does not answer', async () => {
    fakeNetworks.failNext.set('telegram', new NetworkError('telegram', 'unavailable', 'timeout'));
    const error = await connectTelegram(uniqueSub(), { botToken: BOT_TOKEN, channel: '@canal_pruebas' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnavailableError);
    expect((error as Error).message).toBe(SOCIAL_MSG.connectError('telegram', SOCIAL_MSG.networkUnreachable));
  });
});
