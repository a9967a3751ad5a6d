/** The mobile chat feature's public surface: the chat screen and the PWA helpers its entry uses. */
export { ChatScreen } from './ChatScreen';
export { chatPath, installPwaHead, registerChatServiceWorker, rememberChatUid, rememberedChatUid } from './pwa';
