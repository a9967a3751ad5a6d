/**
 * The mobile chat's daily quotas (issue 16 finding 2): `sendChatMessage` counts one chat turn per
 * message (DAILY_CHAT_TURN_QUOTA) and one transcription per voice note sent to the transcriber
 * (DAILY_TRANSCRIPTION_QUOTA), before any answer or job; over either it is 429 RESOURCE_EXHAUSTED
 * in Spanish and nothing is stored. Against DynamoDB Local (offline provider), the bucket in memory
 * and a fake transcriber.
 */
import { describe, expect, it, vi } from 'vitest';
import type * as TranscriptionModule from '../../../../../../lambdas/platform/ai/speech/transcription';
import type { Transcriber } from '../../../../../../lambdas/platform/ai/speech/transcription';
import { useDomainEnv, uniqueSub } from '../../../../../support/domain-env';
import { putUpload } from '../../../../../support/memory-bucket';

const started = vi.hoisted(() => [] as string[]);

vi.mock('../../../../../../lambdas/platform/storage/objects', async () => (await import('../../../../../support/memory-bucket')).memoryBucket());
vi.mock('../../../../../../lambdas/platform/ai/speech/transcription', async (importOriginal) => {
  const fake: Transcriber = {
    async start({ name }) {
      started.push(name);
    },
    async status() {
      return { state: 'running' };
    },
  };
  return { ...(await importOriginal<typeof TranscriptionModule>()), deploymentTranscriber: () => fake };
});

await useDomainEnv({ AI_PROVIDER: 'offline', UPLOADS_BUCKET: 'unit-uploads', DAILY_CHAT_TURN_QUOTA: '3', DAILY_TRANSCRIPTION_QUOTA: '1' });
const { sendChatMessage: send } = await import('../../../../../../lambdas/core/chat/send');
const { recentChatMessages } = await import('../../../../../../lambdas/core/chat/history');
const { newObjectId, uploadKey } = await import('../../../../../../lambdas/core/uploads/keys');

function uploadVoice(owner: string): string {
  const key = uploadKey(owner, 'chatVoice', newObjectId(), 'nota.webm');
  putUpload(key, new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4]), 'audio/webm', 'nota.webm');
  return key;
}

describe('the chat quotas', () => {
  it('refuses the message over the daily chat turns with 429 and stores nothing', async () => {
    const owner = uniqueSub();
    for (let i = 1; i <= 3; i += 1) await send(owner, { text: `Hola ${i}` });
    const before = await recentChatMessages(owner, 100);
    await expect(send(owner, { text: 'Uno más' })).rejects.toMatchObject({ kind: 'QUOTA_EXCEEDED', message: expect.stringContaining('Has alcanzado el límite diario de mensajes del chat (3)') });
    expect(await recentChatMessages(owner, 100)).toHaveLength(before.length);
  });

  it('refuses a voice note over the daily transcriptions with 429 before starting a job, without using a chat turn', async () => {
    const owner = uniqueSub();
    await send(owner, { voiceKey: uploadVoice(owner) });
    const jobs = started.length;
    await expect(send(owner, { voiceKey: uploadVoice(owner) })).rejects.toMatchObject({ kind: 'QUOTA_EXCEEDED', message: expect.stringContaining('Has alcanzado el límite diario de notas de voz transcritas (1)') });
    expect(started).toHaveLength(jobs);
    // The refused note took no chat turn: two more messages fit (3 turns a day).
    await send(owner, { text: 'Hola' });
    await send(owner, { text: 'Adiós' });
    await expect(send(owner, { text: 'Otra' })).rejects.toMatchObject({ kind: 'QUOTA_EXCEEDED' });
  });
});
