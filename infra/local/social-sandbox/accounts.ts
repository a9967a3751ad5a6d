/**
 * The sandbox's fixed accounts (issue 12 brief, "The sandbox"): who connects on each network of
 * the "Red de pruebas" and where they may publish, plus the avatars served at
 * `/avatars/<network>.svg` that every picture URL points to. Ids look like the real networks' ids
 * (numeric strings for Meta and X, `UC…` channels, …) so adapters parse them as they would for real.
 */
import { SOCIAL_NETWORK_LABELS, type SocialNetwork } from '@director-ia/shared';

/** The name the consent pages give the app asking for access. */
export const SANDBOX_APP_NAME = 'Director IA';

/** The account name each consent page shows. */
export const CONSENT_ACCOUNT: Record<Exclude<SocialNetwork, 'telegram'>, string> = {
  facebook: 'Usuario de pruebas',
  instagram: 'Usuario de pruebas',
  x: 'Cuenta de pruebas',
  linkedin: 'Cuenta de pruebas',
  youtube: 'Canal de pruebas',
  tiktok: 'Cuenta de pruebas',
  pinterest: 'Cuenta de pruebas',
};

export const META_USER = { id: '100000000000001', name: 'Usuario de pruebas' };

export interface MetaPage {
  id: string;
  name: string;
  instagram?: { id: string; username: string };
}

export const META_PAGES: readonly MetaPage[] = [
  { id: '200000000000001', name: 'Página de pruebas', instagram: { id: '17841400000000001', username: 'marca_de_pruebas' } },
  { id: '200000000000002', name: 'Segunda página de pruebas' },
];

/**
 * The sandbox user's one ad account (issue 15, Marketing API): `act_<account_id>`, EUR, status 1
 * (ACTIVE). Budgets on it are in cents.
 */
export const META_AD_ACCOUNT = { id: 'act_400000000000001', accountId: '400000000000001', name: 'Cuenta publicitaria de pruebas', currency: 'EUR', status: 1 } as const;

export const X_USER = { id: '1500000000000000001', name: 'Cuenta de pruebas', username: 'cuenta_de_pruebas' };

export const LINKEDIN_MEMBER = { sub: 'sAnDbOx0001', name: 'Cuenta de pruebas', givenName: 'Cuenta', familyName: 'de pruebas' };

export const YOUTUBE_CHANNEL = { id: 'UCsandbox000000000000001', title: 'Canal de pruebas', customUrl: '@canaldepruebas' };

export const TIKTOK_USER = { openId: '-000sandbox-open-id-0001', unionId: 'sandbox-union-id-0001', displayName: 'Cuenta de pruebas' };

export const PINTEREST_USER = { id: '300000000000000001', username: 'cuenta_de_pruebas', businessName: 'Cuenta de pruebas' };

export const PINTEREST_BOARDS: readonly { id: string; name: string }[] = [
  { id: '900000000000000001', name: 'Tablero de pruebas' },
  { id: '900000000000000002', name: 'Ideas de pruebas' },
];

export interface TelegramChat {
  id: number;
  type: 'channel' | 'supergroup';
  title: string;
  username: string;
  /** What the bot is in this chat. */
  botStatus: 'administrator' | 'member';
}

/** Telegram chats by lower-case username (the brief: @canal_pruebas, @canal_sin_permiso, @grupo_pruebas). */
export const TELEGRAM_CHATS: readonly TelegramChat[] = [
  { id: -1001000000001, type: 'channel', title: 'Canal de pruebas', username: 'canal_pruebas', botStatus: 'administrator' },
  { id: -1001000000002, type: 'channel', title: 'Canal sin permiso', username: 'canal_sin_permiso', botStatus: 'member' },
  { id: -1001000000003, type: 'supergroup', title: 'Grupo de pruebas', username: 'grupo_pruebas', botStatus: 'administrator' },
];

const AVATAR_COLORS: Record<SocialNetwork, string> = {
  facebook: '#1877f2',
  instagram: '#c13584',
  x: '#14171a',
  linkedin: '#0a66c2',
  youtube: '#ff0000',
  tiktok: '#010101',
  pinterest: '#e60023',
  telegram: '#229ed9',
};

/** A 96x96 SVG avatar: the network's colour, its initial and a "pruebas" band. */
export function avatarSvg(network: SocialNetwork): string {
  const initial = SOCIAL_NETWORK_LABELS[network].charAt(0);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="Avatar de la Red de pruebas">',
    `<circle cx="48" cy="48" r="48" fill="${AVATAR_COLORS[network]}"/>`,
    `<text x="48" y="58" font-family="sans-serif" font-size="40" font-weight="700" fill="#fff" text-anchor="middle">${initial}</text>`,
    '<rect x="14" y="70" width="68" height="14" rx="7" fill="#fff" opacity=".9"/>',
    '<text x="48" y="81" font-family="sans-serif" font-size="10" fill="#333" text-anchor="middle">pruebas</text>',
    '</svg>',
  ].join('');
}
