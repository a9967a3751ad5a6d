/**
 * Voice notes of the mobile chat with a transcriber (AWS: Amazon Transcribe), the storage and the
 * history replaced by fakes (issue 6 item 3): the job is started on the note with the transcript
 * written under the owner's prefix; each status read polls it; a finished transcript is stored on
 * the message (claimed once, even with concurrent polls) and returned for the AI to answer; a
 * failed, empty or overdue job gets a plain 'could not transcribe' answer; a job that will not
 * start leaves the note kept and marked failed.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessageItem } from '../../../../../lambdas/core/chat/history';
import type { Transcriber, TranscriptionState } from '../../../../../lambdas/platform/ai/speech/transcription';

const store = new Map<string, ChatMessageItem>();
const objects = new Map<string, Uint8Array>();
const saved: Record<string, unknown>[] = [];

vi.mock('../../../../../lambdas/platform/storage/objects', () => ({
  getObject: vi.fn(async (key: string) => {
    const bytes = objects.get(key);
    return bytes ? { bytes, contentType: 'application/json', metadata: {}, size: bytes.byteLength } : null;
  }),
}));
vi.mock('../../../../../lambdas/core/chat/history', () => ({
  saveChatMessage: vi.fn(async (_sub: string, fields: Record<string, unknown>) => {
    saved.push(fields);
    return fields;
  }),
}));
vi.mock('../../../../../lambdas/platform/db/entities/chatMessage', () => ({
  chatMessages: () => ({
    patch: (key: { id: string }) => ({
      set: (changes: Partial<ChatMessageItem>) => ({
        where: () => ({
          go: async () => {
            const item = store.get(key.id);
            if (!item || item.transcription !== 'pending') throw new Error('The conditional request failed');
            store.set(key.id, { ...item, ...changes });
          },
        }),
      }),
    }),
  }),
}));

const { advanceTranscriptions, startTranscription, TRANSCRIPTION_TIMEOUT_MS } = await import('../../../../../lambdas/core/chat/voice');
const { CHAT_MSG } = await import('@director-ia/shared');

const SUB = 'owner-sub-1111';
const ID = '0abcdefghijklmnopqrs';
const NOW = new Date('2026-06-10T10:00:00Z');
const note = (over: Partial<ChatMessageItem> = {}): ChatMessageItem =>
  ({ uid: SUB, id: ID, role: 'owner', text: '', offline: false, createdAt: NOW.toISOString(), voiceKey: `users/${SUB}/chat-voice/${ID}-nota.webm`, transcription: 'pending', transcriptionJob: `chat-${ID}`, ...over }) as ChatMessageItem;

function fakeTranscriber(state: TranscriptionState, startError?: Error): Transcriber & { starts: unknown[]; polls: string[] } {
  const starts: unknown[] = [];
  const polls: string[] = [];
  return {
    starts,
    polls,
    async start(job) {
      starts.push(job);
      if (startError) throw startError;
    },
    async status(name) {
      polls.push(name);
      return state;
    },
  };
}

beforeEach(() => {
  store.clear();
  objects.clear();
  saved.length = 0;
});

describe('voice note transcription', () => {
  it('starts a job named after the message, writing under the owner\'s transcripts', async () => {
    const transcriber = fakeTranscriber({ state: 'running' });
    const fields = await startTranscription(SUB, ID, `users/${SUB}/chat-voice/${ID}-nota.webm`, transcriber);
    expect(fields).toEqual({ transcription: 'pending', transcriptionJob: `chat-${ID}` });
    expect(transcriber.starts).toEqual([{ name: `chat-${ID}`, mediaKey: `users/${SUB}/chat-voice/${ID}-nota.webm`, outputKey: `users/${SUB}/chat-transcripts/${ID}.json` }]);
  });

  it('keeps the note as failed when the job cannot start', async () => {
    expect(await startTranscription(SUB, ID, 'k.webm', fakeTranscriber({ state: 'running' }, new Error('AccessDenied')))).toEqual({ transcription: 'failed' });
  });

  it('does nothing while the job runs, or without a transcriber', async () => {
    store.set(ID, note());
    const transcriber = fakeTranscriber({ state: 'running' });
    expect(await advanceTranscriptions(SUB, [note()], transcriber, NOW)).toEqual({ transcribed: [], changed: false });
    expect(transcriber.polls).toEqual([`chat-${ID}`]);
    expect(await advanceTranscriptions(SUB, [note()], null, NOW)).toEqual({ transcribed: [], changed: false });
    expect(store.get(ID)?.transcription).toBe('pending');
  });

  it('stores a finished transcript once and hands the message to the AI', async () => {
    store.set(ID, note());
    objects.set(`users/${SUB}/chat-transcripts/${ID}.json`, new TextEncoder().encode(JSON.stringify({ results: { transcripts: [{ transcript: 'Genera una imagen de la terraza.' }] } })));
    const transcriber = fakeTranscriber({ state: 'done' });
    const [first, second] = await Promise.all([advanceTranscriptions(SUB, [note()], transcriber, NOW), advanceTranscriptions(SUB, [note()], transcriber, NOW)]);
    const transcribed = [...(first?.transcribed ?? []), ...(second?.transcribed ?? [])];
    expect(transcribed).toHaveLength(1);
    expect(transcribed[0]).toMatchObject({ id: ID, transcription: 'done', transcript: 'Genera una imagen de la terraza.' });
    expect(store.get(ID)).toMatchObject({ transcription: 'done', transcript: 'Genera una imagen de la terraza.' });
    expect(saved).toEqual([]);
  });

  it.each([
    ['a failed job', { state: 'failed', reason: 'Invalid media' } as TranscriptionState, true],
    ['an empty transcript', { state: 'done' } as TranscriptionState, true],
  ])('answers %s with a plain failure', async (_label, state, withFile) => {
    store.set(ID, note());
    if (withFile) objects.set(`users/${SUB}/chat-transcripts/${ID}.json`, new TextEncoder().encode(JSON.stringify({ results: { transcripts: [{ transcript: '  ' }] } })));
    const result = await advanceTranscriptions(SUB, [note()], fakeTranscriber(state), NOW);
    expect(result).toEqual({ transcribed: [], changed: true });
    expect(store.get(ID)?.transcription).toBe('failed');
    expect(saved).toEqual([{ role: 'assistant', text: CHAT_MSG.transcriptionFailed, offline: false, error: true }]);
  });

  it('gives up on a job still running after the timeout', async () => {
    store.set(ID, note());
    const later = new Date(NOW.getTime() + TRANSCRIPTION_TIMEOUT_MS + 1);
    expect((await advanceTranscriptions(SUB, [note()], fakeTranscriber({ state: 'running' }), later)).changed).toBe(true);
    expect(store.get(ID)?.transcription).toBe('failed');
  });
});
