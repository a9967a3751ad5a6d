/** `conectarTelegram` (active): connects a Telegram bot and channel (issue 12). */
import { conectarTelegram } from '@director-ia/shared';
import { connectTelegram } from '../core/social/telegram';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(conectarTelegram, async ({ data, identity }) => connectTelegram(requireIdentity(identity).sub, data));
