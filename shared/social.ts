/**
 * Social connections as the browser sees them (spec sections 2 'redes', 3 "Integrations
 * settings", 4 "Social connection", 8, 9; issue 12): the shapes, states, constants and Spanish
 * messages shared by the Redes page, the server, the callback page and the twin's sandbox.
 * Tokens never appear here: the browser only learns who is connected and where the AI may publish.
 */
import * as z from 'zod/mini';
import { SOCIAL_NETWORKS, SOCIAL_NETWORK_LABELS, type SocialNetwork } from './networks';

/** Networks connected with OAuth 2.0 (authorization code); Telegram uses a bot token instead. */
export const OAUTH_NETWORKS = ['facebook', 'instagram', 'x', 'linkedin', 'youtube', 'tiktok', 'pinterest'] as const satisfies readonly SocialNetwork[];
export type OAuthNetwork = (typeof OAUTH_NETWORKS)[number];

export function isOAuthNetwork(value: string): value is OAuthNetwork {
  return (OAUTH_NETWORKS as readonly string[]).includes(value);
}

/**
 * A connection's state (architecture "Social networks"): `conectada` publishes; `reconectar`
 * means the network no longer accepts the stored token (the card says "Reconecta {network}" and
 * why); `desconectada` is the spec's disconnected (never connected, or Desconectar).
 */
export const CONNECTION_STATES = ['conectada', 'reconectar', 'desconectada'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

/**
 * What a target is: a Facebook page, an Instagram professional account, the account's own
 * profile (X, LinkedIn, TikTok), a YouTube or Telegram channel, a Pinterest board.
 */
export const TARGET_KINDS = ['page', 'instagram', 'profile', 'channel', 'board'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

/** One place the AI may publish to, found at connect time; `selected` = the owner allowed it. */
export const SocialTargetSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(TARGET_KINDS),
  /** https URL of the network's picture, or null. */
  pictureUrl: z.nullable(z.string()),
  selected: z.boolean(),
});
export type SocialTarget = z.infer<typeof SocialTargetSchema>;

/** The connected account (who authorised the app). */
export const SocialAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  pictureUrl: z.nullable(z.string()),
});
export type SocialAccount = z.infer<typeof SocialAccountSchema>;

/** One network's card (every network always has one, in the order of SOCIAL_NETWORKS). */
export const SocialConnectionSchema = z.object({
  network: z.enum(SOCIAL_NETWORKS),
  /**
   * Whether this installation can connect the network: its app credentials are configured
   * (Telegram needs none). When false the card says SOCIAL_MSG.unavailable and nothing is stored.
   */
  available: z.boolean(),
  /** The installation points this network at the twin's "Red de pruebas": the card says so. */
  sandbox: z.boolean(),
  state: z.enum(CONNECTION_STATES),
  account: z.nullable(SocialAccountSchema),
  /** Empty when disconnected. */
  targets: z.array(SocialTargetSchema),
  /** ISO 8601 of the last successful connection, or null. */
  connectedAt: z.nullable(z.string()),
  /**
   * ISO 8601 at which the access token the AI publishes with expires, as the network reported
   * it; null when it does not expire (Facebook page tokens, Telegram bots) or is not connected.
   */
  expiresAt: z.nullable(z.string()),
  /** In `reconectar`, why, in Spanish (e.g. the network revoked the access); otherwise null. */
  reconnectReason: z.nullable(z.string()),
  /**
   * What the network lets this installation's app publish, when less than public (issue 13: an
   * unaudited TikTok app posts SELF_ONLY, an unverified YouTube project uploads private videos),
   * in Spanish (PUBLICATION_MSG.privateOnly); null when its posts are public.
   */
  publishingNote: z.nullable(z.string()),
});
export type SocialConnection = z.infer<typeof SocialConnectionSchema>;

/** Lifetime of an OAuth `state` (issue 12 item 2: 10 minutes), seconds. */
export const OAUTH_STATE_TTL_SECONDS = 600;
/** Path prefix of the public OAuth callback route; the full path is `/oauth/callback/<network>`. */
export const OAUTH_CALLBACK_PREFIX = '/oauth/callback';
/** The callback path of one network, e.g. `/oauth/callback/facebook`. */
export const oauthCallbackPath = (network: OAuthNetwork): string => `${OAUTH_CALLBACK_PREFIX}/${network}`;

/**
 * What the callback page (lambdas/http/oauthCallback.ts) posts to the dashboard that opened it,
 * to the dashboard's origin only (and on a BroadcastChannel of that name when the network's pages
 * cut the opener link). The dashboard completes the connection with `completarOAuth`, as the signed-in
 * owner, so a state started by another user is refused (issue 12 "another user's state").
 */
export const OAUTH_MESSAGE_TYPE = 'director-ia:oauth';
export const OAuthCallbackMessageSchema = z.object({
  type: z.literal(OAUTH_MESSAGE_TYPE),
  network: z.enum(OAUTH_NETWORKS),
  /** The `state` the network sent back ('' when absent). */
  state: z.string(),
  /** The authorization code, when the owner approved. */
  code: z.optional(z.string()),
  /** The network's `error` (e.g. `access_denied`) when the owner cancelled or it refused. */
  error: z.optional(z.string()),
});
export type OAuthCallbackMessage = z.infer<typeof OAuthCallbackMessageSchema>;

/** Telegram channel: `@username` (5–32 characters of letters, digits and _) or a numeric chat id. */
export const TELEGRAM_CHANNEL = /^(@[A-Za-z][A-Za-z0-9_]{4,31}|-?\d{5,20})$/u;
/** Telegram bot token as BotFather gives it: `<bot id>:<secret>`. */
export const TELEGRAM_BOT_TOKEN = /^\d{3,20}:[A-Za-z0-9_-]{30,64}$/u;

const label = (network: SocialNetwork) => SOCIAL_NETWORK_LABELS[network];

/** What a network's targets are called, singular and plural (the success message counts them). */
const FOUND_NOUNS: Readonly<Record<SocialNetwork, readonly [string, string]>> = {
  facebook: ['página', 'páginas'],
  instagram: ['cuenta', 'cuentas'],
  x: ['perfil', 'perfiles'],
  linkedin: ['perfil', 'perfiles'],
  youtube: ['canal', 'canales'],
  tiktok: ['perfil', 'perfiles'],
  pinterest: ['tablero', 'tableros'],
  telegram: ['canal', 'canales'],
};

/** What the Redes page and the social callables say (spec 8 where it has words). */
export const SOCIAL_MSG = {
  /** Spec 8 (Facebook): the owner cancelled at the consent page, or the network refused. */
  cancelled: 'Conexión cancelada o no autorizada.',
  /** Spec 8 (Facebook): the pages could not be read after the consent. */
  pagesError: (network: SocialNetwork) => `Error al obtener tus páginas de ${label(network)}.`,
  /** Spec 8 (OAuth): initiateOAuth failed. */
  authUrlError: 'No se pudo obtener la URL de autenticación.',
  /** Spec 8 (OAuth): any other failure while connecting. */
  connectError: (network: SocialNetwork, message: string) => `Error al conectar con ${label(network)}: ${message}`,
  /** Success, with the number of pages found (named as the network calls them: accounts, channels, boards, profiles). */
  connected: (network: SocialNetwork, found: number) => {
    const [one, many] = FOUND_NOUNS[network];
    return `${label(network)} conectado: ${found === 1 ? `se encontró 1 ${one}` : `se encontraron ${found} ${many}`} para publicar.`;
  },
  disconnected: (network: SocialNetwork) => `${label(network)} desconectado.`,
  targetsSaved: 'Destinos de publicación guardados.',
  /** A network whose app credentials this installation lacks. */
  unavailable: 'No disponible en esta instalación',
  /** The card of a connection in `reconectar`. */
  reconnect: (network: SocialNetwork) => `Reconecta ${label(network)}`,
  /** The twin's sandbox label. */
  sandbox: 'Red de pruebas',
  /** The popup was blocked by the browser. */
  popupBlocked: 'El navegador bloqueó la ventana de conexión. Permite las ventanas emergentes para este sitio.',
  /** A state that is unknown, used, expired, of another network or of another user. */
  stateInvalid: 'La autorización no es válida o ha caducado. Vuelve a conectar.',
  /** The network answered the code exchange with an error (code reused, PKCE mismatch, ...). */
  codeRefused: 'la red rechazó la autorización',
  /** The network could not be reached or answered something we do not understand. */
  networkUnreachable: 'la red no responde. Inténtalo más tarde.',
  /** The network no longer accepts the stored refresh token (reconectar reason). */
  accessRevoked: (network: SocialNetwork) => `${label(network)} ya no acepta el acceso concedido. Vuelve a conectar la cuenta.`,
  /** The access expired and the network gives no way to renew it (reconectar reason). */
  accessExpired: (network: SocialNetwork) => `El acceso a ${label(network)} ha caducado. Vuelve a conectar la cuenta.`,
  /** elegirDestinos with an id that is not one of the connection's targets. */
  unknownTarget: 'Alguno de los destinos elegidos no pertenece a esta conexión.',
  notConnected: (network: SocialNetwork) => `${label(network)} no está conectado.`,
  invalidNetwork: 'Red social no válida.',
  telegramTokenInvalid: 'El token del bot no es válido. Cópialo tal como te lo dio @BotFather.',
  telegramChannelInvalid: 'Indica el canal como @nombre_del_canal o con su identificador numérico.',
  telegramBotRefused: 'Telegram no reconoce ese token de bot.',
  telegramChatNotFound: 'El bot no encuentra ese canal. Añádelo al canal como administrador.',
  telegramNotChannel: 'Ese chat no es un canal de Telegram.',
  telegramNotAdmin: 'El bot no es administrador del canal o no tiene permiso para publicar en él.',
} as const;
