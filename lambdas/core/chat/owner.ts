/**
 * The owner-only rule of the mobile chat (issue 6 item 3): `/chat/{uid}` serves only the owner
 * whose uid it carries. Every chat callable names that uid and is refused with PERMISSION_DENIED
 * (Spanish message) unless it is the caller's verified `sub` — checked before anything else runs.
 * The tenant of everything that follows is the verified `sub`, never the payload's uid.
 */
import { CHAT_MSG } from '@director-ia/shared';
import { ForbiddenError } from '../../platform/errors';
import { logger } from '../../platform/logger';

/** The verified caller's `sub` when it owns chat `uid`; otherwise ForbiddenError. */
export function chatOwner(uid: string, sub: string): string {
  if (uid !== sub) {
    logger.warn('Chat refused: the caller is not the chat owner');
    throw new ForbiddenError(CHAT_MSG.notYourChat);
  }
  return sub;
}
