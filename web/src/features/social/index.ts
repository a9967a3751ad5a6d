/**
 * The social feature's public surface (issue 12 item 1, spec 2 'redes'): the network cards and
 * dialogs the Redes page composes, and one hook per social callable (listarRedes, completarOAuth via
 * the OAuth popup flow, conectarTelegram, elegirDestinos, desconectarRed).
 */
export { ConnectDialog } from './components/ConnectDialog';
export { NetworkCard, NetworkMark } from './components/NetworkCard';
export { TargetsDialog } from './components/TargetsDialog';
export { TelegramDialog } from './components/TelegramDialog';
export { SOCIAL_UI } from './labels';
export { useChooseTargets } from './useChooseTargets';
export { useConnectTelegram } from './useConnectTelegram';
export { useDisconnectNetwork } from './useDisconnectNetwork';
export { useOAuthPopup } from './useOAuthPopup';
export { socialNetworksKey, useSocialNetworks } from './useSocialNetworks';
