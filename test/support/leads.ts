/**
 * Seeding leads for tests straight through the entities, the way the website widget stores them
 * (issue 6): the conversation, its messages (oldest first), then the lead with its consent. The
 * entity modules are imported after the environment points them at the twin's DynamoDB Local.
 */
import type { LeadStatus } from '@director-ia/shared';
import type { LeadItem } from '../../lambdas/platform/db/entities/lead';
import type { TwinInfo } from './twin-global-setup';
import { useTwinDomainEnv } from './twin-env';


export interface SeedLead {
  name: string;
  contact: string;
  contactType?: 'email' | 'phone';
  source?: 'widget' | 'chat';
  status?: LeadStatus;
  /** Visitor/assistant lines of its conversation; none = a lead without conversation. */
  messages?: ['visitor' | 'assistant', string][];
  /** Milliseconds before now it was created (newer leads: smaller values). */
  ago: number;
}

export const SEED_CONSENT = 'Acepto que Marca de prueba guarde mi nombre y contacto para responderme.';


/** A function that stores a lead (and its conversation) for tenant `sub`. */
export async function leadSeeder(twin: TwinInfo): Promise<(sub: string, seed: SeedLead) => Promise<LeadItem>> {
  useTwinDomainEnv(twin);
  const { leads } = await import('../../lambdas/platform/db/entities/lead');
  const { conversations, conversationMessages } = await import('../../lambdas/platform/db/entities/conversation');
  const { newObjectId } = await import('../../lambdas/core/uploads/keys');

  return async (sub, seed) => {
    const created = Date.now() - seed.ago;
    const createdAt = new Date(created).toISOString();
    const id = newObjectId(created);
    let conversationId: string | undefined;
    if (seed.messages) {
      const convId = newObjectId(created - 60_000);
      conversationId = convId;
      await conversations().create({ uid: sub, id: convId, channel: 'widget', messageCount: seed.messages.length, leadId: id, createdAt, updatedAt: createdAt }).go();
      const items = seed.messages.map(([role, text], i) => {
        const at = created - 60_000 + i * 1000;
        return { uid: sub, conversationId: convId, id: newObjectId(at), role, text, createdAt: new Date(at).toISOString() };
      });
      for (let i = 0; i < items.length; i += 25) {
        const { unprocessed } = await conversationMessages().put(items.slice(i, i + 25)).go();
        if (unprocessed.length > 0) throw new Error('messages not stored');
      }
    }
    const item = {
      uid: sub,
      id,
      name: seed.name,
      contact: seed.contact,
      contactType: seed.contactType ?? 'email',
      source: seed.source ?? 'widget',
      status: seed.status ?? 'Nuevo',
      ...(conversationId ? { conversationId } : {}),
      consentText: SEED_CONSENT,
      consentAt: createdAt,
      createdAt,
      updatedAt: createdAt,
    } satisfies Partial<LeadItem>;
    await leads().create(item).go();
    return item as LeadItem;
  };
}
