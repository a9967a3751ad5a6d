/**
 * Seeding the mobile chat for tests straight through the entities: an assistant message holding a
 * pending tool action with any input, as a model could have stored it. No callable writes one with
 * an input the test chooses (the AI does), so it is written raw, through the twin's table.
 */
import type { ChatToolName } from '@director-ia/shared';
import type { TwinInfo } from './twin-global-setup';
import { useTwinDomainEnv } from './twin-env';

export interface SeedAction {
  text: string;
  tool: ChatToolName;
  /** The tool input, stored as the model wrote it. */
  input: Record<string, unknown>;
}

/** Stores a pending action for `uid` in the twin; resolves with its message id (the `actionId`). */
export async function seedPendingAction(twin: TwinInfo, uid: string, action: SeedAction): Promise<string> {
  useTwinDomainEnv(twin);
  const [{ chatMessages }, { newObjectId }] = await Promise.all([import('../../lambdas/platform/db/entities/chatMessage'), import('../../lambdas/core/uploads/keys')]);
  const id = newObjectId();
  await chatMessages()
    .create({ uid, id, role: 'assistant', text: action.text, offline: false, createdAt: new Date().toISOString(), tool: action.tool, actionStatus: 'pending', actionInput: JSON.stringify(action.input) })
    .go();
  return id;
}
