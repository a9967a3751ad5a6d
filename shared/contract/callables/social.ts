/**
 * Redes Sociales callables (spec sections 2 'redes', 4 "Social connection", 7 initiateOAuth;
 * issue 12). All `active`; the tenant is the caller's verified `sub`.
 * - `listarRedes()` → `{networks}`: the eight cards in the order of SOCIAL_NETWORKS.
 * - `initiateOAuth({platform})` → `{authUrl}`: the network's consent URL with a single-use state
 *   bound to the caller (10 minutes) and PKCE S256 where the network supports it. A network
 *   without app credentials is UNIMPLEMENTED with SOCIAL_MSG.unavailable.
 * - `completarOAuth({platform, state, code})` → `{connection, found}`: what the dashboard calls
 *   with what the callback page posted. The state must be the caller's, unused, unexpired and of
 *   that network (else INVALID_ARGUMENT SOCIAL_MSG.stateInvalid, nothing stored); the code is
 *   exchanged once, the account and its pages are read and every token is sealed. `found` = the
 *   number of targets (pages, accounts, channels, boards). Network failures are UNAVAILABLE with
 *   SOCIAL_MSG.connectError / pagesError.
 * - `conectarTelegram({botToken, channel})` → `{connection, found}`: checked with getMe, getChat and
 *   getChatMember (the bot must be an administrator allowed to post); refusals are
 *   INVALID_ARGUMENT with the SOCIAL_MSG.telegram* message.
 * - `elegirDestinos({platform, targetIds})` → `{connection}`: which targets the AI may publish to.
 * - `desconectarRed({platform})` → `{connection}`: revokes at the network where its API allows,
 *   then clears the tokens, empties the targets and sets `desconectada` (spec 4).
 */
import * as z from 'zod/mini';
import { SOCIAL_NETWORKS } from '../../networks';
import { OAUTH_NETWORKS, SOCIAL_MSG, SocialConnectionSchema, TELEGRAM_BOT_TOKEN, TELEGRAM_CHANNEL } from '../../social';
import { define, Empty } from '../define';

const Network = z.enum(SOCIAL_NETWORKS, { error: SOCIAL_MSG.invalidNetwork });
const OAuthPlatform = z.enum(OAUTH_NETWORKS, { error: SOCIAL_MSG.invalidNetwork });
/** Opaque strings the network or our server produced; the bounds only stop abuse. */
const opaque = (max: number) => z.string({ error: SOCIAL_MSG.stateInvalid }).check(z.minLength(1, SOCIAL_MSG.stateInvalid), z.maxLength(max, SOCIAL_MSG.stateInvalid));

const ConnectionOutput = z.object({ connection: SocialConnectionSchema });
const ConnectedOutput = z.object({ connection: SocialConnectionSchema, found: z.number() });

export const listarRedes = define({
  name: 'listarRedes',
  access: 'active',
  input: Empty,
  output: z.object({ networks: z.array(SocialConnectionSchema) }),
});

export const initiateOAuth = define({
  name: 'initiateOAuth',
  access: 'active',
  input: z.strictObject({ platform: OAuthPlatform }),
  output: z.object({ authUrl: z.string() }),
});

export const completarOAuth = define({
  name: 'completarOAuth',
  access: 'active',
  input: z.strictObject({ platform: OAuthPlatform, state: opaque(256), code: opaque(2048) }),
  output: ConnectedOutput,
});

export const conectarTelegram = define({
  name: 'conectarTelegram',
  access: 'active',
  input: z.strictObject({
    botToken: z.string({ error: SOCIAL_MSG.telegramTokenInvalid }).check(z.trim(), z.regex(TELEGRAM_BOT_TOKEN, SOCIAL_MSG.telegramTokenInvalid)),
    channel: z.string({ error: SOCIAL_MSG.telegramChannelInvalid }).check(z.trim(), z.regex(TELEGRAM_CHANNEL, SOCIAL_MSG.telegramChannelInvalid)),
  }),
  output: ConnectedOutput,
});

export const elegirDestinos = define({
  name: 'elegirDestinos',
  access: 'active',
  input: z.strictObject({
    platform: Network,
    targetIds: z.array(z.string({ error: SOCIAL_MSG.unknownTarget }).check(z.minLength(1), z.maxLength(128)), { error: SOCIAL_MSG.unknownTarget }).check(z.maxLength(200)),
  }),
  output: ConnectionOutput,
});

export const desconectarRed = define({
  name: 'desconectarRed',
  access: 'active',
  input: z.strictObject({ platform: Network }),
  output: ConnectionOutput,
});
