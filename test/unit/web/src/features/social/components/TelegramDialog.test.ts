/**
 * Telegram's connect form (issue 12): what the dialog shows for each way a connection can fail —
 * the input's own check (the callable's schema, before anything is sent) and the server's refusals
 * (SOCIAL_MSG.telegram*) — rendered in the form as an alert; the token field is masked; the
 * buttons are Cancelar and 'Iniciar Conexión'. The call itself runs with only fetch faked.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@director-ia/shared';
import { connectedFacebook, errorAnswer, json, SOCIAL_MSG, stubFetch } from '../fixtures';

vi.mock('../../../../../../../web/src/lib/auth', () => ({ getAccessToken: async () => 'token-123' }));
vi.mock('../../../../../../../web/src/lib/config', () => ({ getConfig: () => ({ apiBase: '/api' }) }));

const { TelegramForm } = await import('../../../../../../../web/src/features/social/components/TelegramDialog');
const { connectTelegram } = await import('../../../../../../../web/src/features/social/useConnectTelegram');
const { errorMessage } = await import('../../../../../../../web/src/lib/api');

const fetchMock = stubFetch();

const TOKEN = `123456789:${'A'.repeat(35)}`;

/** The text the dialog shows for a failed connection attempt. */
const shownError = (input: { botToken: string; channel: string }) => connectTelegram(input).then(() => null, errorMessage);

const renderForm = (error: string | null, busy = false) =>
  renderToStaticMarkup(
    createElement(TelegramForm, {
      botToken: TOKEN,
      channel: '@canal_sin_permiso',
      onBotToken: () => undefined,
      onChannel: () => undefined,
      sandbox: false,
      busy,
      error,
      onSubmit: () => undefined,
      onCancel: () => undefined,
    }),
  );

describe('connecting Telegram', () => {
  it.each([
    ['a malformed token', { botToken: 'no-es-un-token', channel: '@canal_pruebas' }, SOCIAL_MSG.telegramTokenInvalid],
    ['a malformed channel', { botToken: TOKEN, channel: 'canal pruebas' }, SOCIAL_MSG.telegramChannelInvalid],
  ])('refuses %s without calling the server', async (_case, input, message) => {
    await expect(shownError(input)).resolves.toBe(message);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([SOCIAL_MSG.telegramBotRefused, SOCIAL_MSG.telegramChatNotFound, SOCIAL_MSG.telegramNotChannel, SOCIAL_MSG.telegramNotAdmin])("shows the server's refusal: %s", async (message) => {
    fetchMock.mockResolvedValue(errorAnswer(400, 'INVALID_ARGUMENT', message));
    await expect(shownError({ botToken: TOKEN, channel: '@canal_sin_permiso' })).resolves.toBe(message);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/conectarTelegram');
    expect(JSON.parse(String(init?.body))).toEqual({ data: { botToken: TOKEN, channel: '@canal_sin_permiso' } });
  });

  it('answers the connection and the number of channels found', async () => {
    const connection = { ...connectedFacebook, network: 'telegram' as const };
    fetchMock.mockResolvedValue(json(200, { result: { connection, found: 1 } }));
    await expect(connectTelegram({ botToken: TOKEN, channel: '@canal_pruebas' })).resolves.toEqual({ connection, found: 1 });
  });
});

describe('TelegramForm', () => {
  it('shows the error as an alert in the form', () => {
    const html = renderForm(SOCIAL_MSG.telegramNotAdmin);
    expect(html).toMatch(new RegExp(`<p[^>]*role="alert"[^>]*>${SOCIAL_MSG.telegramNotAdmin}</p>`));
    expect(renderForm(null)).not.toContain('role="alert"');
  });

  it('masks the token and offers Cancelar and Iniciar Conexión', () => {
    const html = renderForm(null);
    expect(html).toMatch(/<label[^>]*>.*?Token del bot/);
    expect(html).toMatch(/<input[^>]*type="password"[^>]*value="123456789:A+"/);
    expect(html).toMatch(/<label[^>]*>.*?Canal/);
    expect(html).toContain('>Cancelar</button>');
    expect(html).toMatch(/<button type="submit"[^>]*>Iniciar Conexión<\/button>/);
  });

  it('while connecting, the fields and the button are disabled', () => {
    const html = renderForm(null, true);
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>.*Procesando/);
    expect(html.match(/<input[^>]*disabled=""/g)).toHaveLength(2);
    expect(html).toContain(MSG.processing);
  });
});
