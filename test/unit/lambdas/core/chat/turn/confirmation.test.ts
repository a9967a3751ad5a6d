/**
 * The mobile chat's confirmation flow (issue 6 item 3), with the AI decision, the history store
 * and the tools replaced by fakes:
 * - answering a message, a tool that spends or publishes (image, article, post) is only proposed: a pending action
 *   with its validated input is stored and nothing runs; direct tools run at once with the
 *   verified sub; failures become answers that say so;
 * - confirming runs the stored action once with the verified sub (a second tap, or a concurrent
 *   one, is ABORTED), cancelling runs nothing, an expired or unknown action is refused, a failing
 *   tool ends the action as failed with its Spanish reason.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ConfirmedToolsModule from '../../../../../../lambdas/core/chat/confirmedTools';
import type * as DirectToolsModule from '../../../../../../lambdas/core/chat/directTools';
import type * as HistoryModule from '../../../../../../lambdas/core/chat/history';
import type { ChatMessageItem } from '../../../../../../lambdas/core/chat/history';

const store = new Map<string, ChatMessageItem>();
let counter = 0;

vi.mock('../../../../../../lambdas/core/chat/history', async (importOriginal) => {
  const actual = await importOriginal<typeof HistoryModule>();
  return {
    ...actual,
    saveChatMessage: vi.fn(async (sub: string, fields: Record<string, unknown>, now: Date) => {
      counter += 1;
      const item = { ...fields, uid: sub, id: (fields.id as string | undefined) ?? `m${String(counter).padStart(19, '0')}`, createdAt: now.toISOString() } as ChatMessageItem;
      store.set(item.id, item);
      return item;
    }),
    getChatMessage: vi.fn(async (sub: string, id: string) => {
      const item = store.get(id);
      return item && item.uid === sub ? { ...item } : null;
    }),
    chatViews: vi.fn(async (_sub: string, items: ChatMessageItem[]) => items.map((item) => ({ id: item.id, text: item.text, action: item.actionStatus, tool: item.tool, error: item.error }))),
  };
});

// The conditional status change of an action, over the same in-memory store.
vi.mock('../../../../../../lambdas/platform/db/entities/chatMessage', () => ({
  chatMessages: () => ({
    patch: (key: { uid: string; id: string }) => ({
      set: (changes: Partial<ChatMessageItem>) => ({
        where: (condition: (attr: { actionStatus: string }, op: { eq: (a: string, v: string) => string }) => string) => ({
          go: async () => {
            const item = store.get(key.id);
            const expected = condition({ actionStatus: 'actionStatus' }, { eq: (_a, v) => v });
            if (!item || item.uid !== key.uid || item.actionStatus !== expected) throw new Error('The conditional request failed');
            store.set(key.id, { ...item, ...changes });
          },
        }),
      }),
    }),
  }),
}));

vi.mock('../../../../../../lambdas/core/chat/director', () => ({ decideTurn: vi.fn() }));
vi.mock('../../../../../../lambdas/core/chat/directTools', async (importOriginal) => ({
  ...(await importOriginal<typeof DirectToolsModule>()),
  runDirectTool: vi.fn(),
}));
vi.mock('../../../../../../lambdas/core/chat/confirmedTools', async (importOriginal) => ({
  ...(await importOriginal<typeof ConfirmedToolsModule>()),
  runConfirmedTool: vi.fn(),
}));
// The real modules are never reached through the fakes; stubbing them keeps the test free of AWS clients.
vi.mock('../../../../../../lambdas/core/generation/image', () => ({ generateImage: vi.fn() }));
vi.mock('../../../../../../lambdas/core/blog/draft', () => ({ draftArticle: vi.fn() }));
vi.mock('../../../../../../lambdas/core/leads/leads', () => ({ listLeads: vi.fn() }));
vi.mock('../../../../../../lambdas/core/plan/posts', () => ({ createScheduledPost: vi.fn(), listScheduledPosts: vi.fn() }));

const { decideTurn } = await import('../../../../../../lambdas/core/chat/director');
const { runDirectTool } = await import('../../../../../../lambdas/core/chat/directTools');
const { runConfirmedTool } = await import('../../../../../../lambdas/core/chat/confirmedTools');
const { generateImage } = await import('../../../../../../lambdas/core/generation/image');
const { answerOwnerMessage } = await import('../../../../../../lambdas/core/chat/turn');
const { confirmChatAction } = await import('../../../../../../lambdas/core/chat/confirm');
const { CHAT_ACTION_TTL_MS, CHAT_MSG } = await import('@director-ia/shared');
const { AiConfigError, AI_MSG } = await import('../../../../../../lambdas/platform/ai/errors');
const { QuotaExceededError } = await import('../../../../../../lambdas/platform/errors');

const OWNER = 'owner-sub-1111';
const NOW = new Date('2026-06-10T10:00:00Z');
const ownerMessage = (text: string) => ({ uid: OWNER, id: 'o0000000000000000001', role: 'owner', text, offline: false, createdAt: NOW.toISOString() }) as ChatMessageItem;

beforeEach(() => {
  store.clear();
  counter = 0;
  vi.mocked(decideTurn).mockReset();
  vi.mocked(runDirectTool).mockReset();
  vi.mocked(runConfirmedTool).mockReset();
  vi.mocked(generateImage).mockReset();
});

async function proposeImage(prompt = 'Un faro al amanecer') {
  vi.mocked(decideTurn).mockResolvedValue({ kind: 'tool', call: { tool: 'generar_imagen', input: { prompt } }, preface: '', offline: false, model: 'm' });
  const [proposal] = await answerOwnerMessage(OWNER, ownerMessage(`Genera una imagen: ${prompt}`), [], undefined, NOW);
  if (!proposal) throw new Error('no proposal');
  return proposal;
}

describe('answering: spending tools are proposed, never run', () => {
  it('stores a pending image action with its validated input and runs nothing', async () => {
    const proposal = await proposeImage();
    expect(proposal).toMatchObject({ role: 'assistant', tool: 'generar_imagen', actionStatus: 'pending', actionInput: JSON.stringify({ prompt: 'Un faro al amanecer' }) });
    expect(proposal.text).toContain('¿Genero una imagen');
    expect(proposal.text).toContain('Un faro al amanecer');
    expect(runConfirmedTool).not.toHaveBeenCalled();
    expect(generateImage).not.toHaveBeenCalled();
    expect(runDirectTool).not.toHaveBeenCalled();
  });

  it('proposes an article draft the same way', async () => {
    vi.mocked(decideTurn).mockResolvedValue({ kind: 'tool', call: { tool: 'redactar_articulo', input: { topic: 'vinos' } }, preface: 'Buena idea.', offline: false, model: 'm' });
    const [proposal] = await answerOwnerMessage(OWNER, ownerMessage('Redacta un artículo sobre vinos'), [], undefined, NOW);
    expect(proposal).toMatchObject({ tool: 'redactar_articulo', actionStatus: 'pending' });
    expect(proposal?.text.startsWith('Buena idea.\n\n¿Redacto un borrador')).toBe(true);
    expect(runConfirmedTool).not.toHaveBeenCalled();
  });

  it('proposes scheduling a post the same way: it publishes (issue 13 item 6)', async () => {
    const input = { title: 'Carta', content: 'Nueva carta', scheduledDate: '2026-06-15', platform: 'facebook' as const };
    vi.mocked(decideTurn).mockResolvedValue({ kind: 'tool', call: { tool: 'crear_publicacion', input }, preface: '', offline: true, model: 'offline-intent-v1' });
    const [proposal] = await answerOwnerMessage(OWNER, ownerMessage('Publica el 15 de junio en Facebook la nueva carta'), [], undefined, NOW);
    expect(proposal).toMatchObject({ tool: 'crear_publicacion', actionStatus: 'pending', actionInput: JSON.stringify(input) });
    expect(proposal?.text).toContain('¿Programo esta publicación en Facebook para el 15 de junio de 2026 a las 13:00?');
    expect(runDirectTool).not.toHaveBeenCalled();
    expect(runConfirmedTool).not.toHaveBeenCalled();
  });

  it('runs a direct tool at once with the verified sub', async () => {
    vi.mocked(decideTurn).mockResolvedValue({ kind: 'tool', call: { tool: 'listar_leads', input: {} }, preface: '[Modo sin conexión] Por palabras clave.', offline: true, model: 'offline-intent-v1' });
    vi.mocked(runDirectTool).mockResolvedValue({ text: 'No tienes leads nuevos ahora mismo.' });
    const [answer] = await answerOwnerMessage(OWNER, ownerMessage('¿Tengo leads?'), [], undefined, NOW);
    expect(runDirectTool).toHaveBeenCalledExactlyOnceWith(OWNER, { tool: 'listar_leads', input: {} }, NOW);
    expect(answer).toMatchObject({ tool: 'listar_leads', offline: true, text: '[Modo sin conexión] Por palabras clave.\n\nNo tienes leads nuevos ahora mismo.' });
    expect(answer?.actionStatus).toBeUndefined();
  });

  it('answers a plain reply, and reports failures of the AI or of a tool in Spanish', async () => {
    vi.mocked(decideTurn).mockResolvedValueOnce({ kind: 'reply', text: 'Hola', offline: true, model: 'offline-template-v1' });
    expect((await answerOwnerMessage(OWNER, ownerMessage('Hola'), [], undefined, NOW))[0]).toMatchObject({ text: 'Hola', offline: true });

    vi.mocked(decideTurn).mockRejectedValueOnce(new AiConfigError(AI_MSG.missingGeminiKey));
    expect((await answerOwnerMessage(OWNER, ownerMessage('Hola'), [], undefined, NOW))[0]).toMatchObject({
      error: true,
      text: CHAT_MSG.aiFailed('Falta la clave de API de Gemini. Configúrala en Integraciones.'),
    });

    vi.mocked(decideTurn).mockResolvedValueOnce({ kind: 'tool', call: { tool: 'resumir_plan', input: {} }, preface: '', offline: false, model: 'm' });
    vi.mocked(runDirectTool).mockRejectedValueOnce(new Error('DynamoDB is down: internal detail'));
    const [failed] = await answerOwnerMessage(OWNER, ownerMessage('Resume el plan'), [], undefined, NOW);
    expect(failed).toMatchObject({ error: true, tool: 'resumir_plan' });
    expect(failed?.text).not.toContain('internal detail');
  });
});

describe('confirmarAccionChat', () => {
  it('runs a confirmed action once, with the verified sub, and shows its result', async () => {
    const proposal = await proposeImage();
    vi.mocked(runConfirmedTool).mockResolvedValue({ text: 'Aquí tienes la imagen.', assetId: 'asset1', offline: true, model: 'offline-png-v1' });
    const views = await confirmChatAction(OWNER, { actionId: proposal.id, confirm: true }, NOW);
    expect(runConfirmedTool).toHaveBeenCalledExactlyOnceWith(OWNER, { tool: 'generar_imagen', input: { prompt: 'Un faro al amanecer' } }, NOW);
    expect(views).toMatchObject([{ id: proposal.id, action: 'done' }, { text: 'Aquí tienes la imagen.', tool: 'generar_imagen' }]);
    expect(store.get(proposal.id)?.actionStatus).toBe('done');
    const answer = [...store.values()].find((item) => item.assetId === 'asset1');
    expect(answer).toMatchObject({ uid: OWNER, offline: true });

    await expect(confirmChatAction(OWNER, { actionId: proposal.id, confirm: true }, NOW)).rejects.toMatchObject({ kind: 'CONFLICT', message: CHAT_MSG.actionResolved });
    expect(runConfirmedTool).toHaveBeenCalledTimes(1);
  });

  it('two concurrent confirmations run the action once', async () => {
    const proposal = await proposeImage();
    vi.mocked(runConfirmedTool).mockResolvedValue({ text: 'ok', assetId: 'a' });
    const results = await Promise.allSettled([
      confirmChatAction(OWNER, { actionId: proposal.id, confirm: true }, NOW),
      confirmChatAction(OWNER, { actionId: proposal.id, confirm: true }, NOW),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.kind)).toEqual(['CONFLICT']);
    expect(runConfirmedTool).toHaveBeenCalledTimes(1);
  });

  it('cancelling runs nothing', async () => {
    const proposal = await proposeImage();
    const views = await confirmChatAction(OWNER, { actionId: proposal.id, confirm: false }, NOW);
    expect(runConfirmedTool).not.toHaveBeenCalled();
    expect(views).toMatchObject([{ action: 'cancelled' }, { text: CHAT_MSG.actionCancelled }]);
    await expect(confirmChatAction(OWNER, { actionId: proposal.id, confirm: true }, NOW)).rejects.toMatchObject({ kind: 'CONFLICT' });
  });

  it('refuses an expired action without running it', async () => {
    const proposal = await proposeImage();
    const later = new Date(NOW.getTime() + CHAT_ACTION_TTL_MS + 1000);
    await expect(confirmChatAction(OWNER, { actionId: proposal.id, confirm: true }, later)).rejects.toMatchObject({ kind: 'CONFLICT', message: CHAT_MSG.actionExpired });
    expect(store.get(proposal.id)?.actionStatus).toBe('expired');
    expect(runConfirmedTool).not.toHaveBeenCalled();
  });

  it('does not find another owner\'s action, a plain message, or an unknown id', async () => {
    const proposal = await proposeImage();
    await expect(confirmChatAction('another-sub', { actionId: proposal.id, confirm: true }, NOW)).rejects.toMatchObject({ kind: 'NOT_FOUND' });
    await expect(confirmChatAction(OWNER, { actionId: 'o0000000000000000001', confirm: true }, NOW)).rejects.toMatchObject({ kind: 'NOT_FOUND' });
    await expect(confirmChatAction(OWNER, { actionId: 'zzzzzzzzzzzzzzzzzzzz', confirm: true }, NOW)).rejects.toMatchObject({ kind: 'NOT_FOUND' });
    expect(runConfirmedTool).not.toHaveBeenCalled();
  });

  it('ends as failed with the tool\'s Spanish reason (e.g. the daily quota)', async () => {
    const proposal = await proposeImage();
    vi.mocked(runConfirmedTool).mockRejectedValue(new QuotaExceededError('Has alcanzado el límite diario de generaciones (5). Vuelve a intentarlo mañana.'));
    const views = await confirmChatAction(OWNER, { actionId: proposal.id, confirm: true }, NOW);
    expect(views).toMatchObject([{ action: 'failed' }, { error: true, text: CHAT_MSG.actionFailed('Has alcanzado el límite diario de generaciones (5). Vuelve a intentarlo mañana.') }]);
    expect(store.get(proposal.id)?.actionStatus).toBe('failed');
  });

  it('never runs a stored input that no longer parses', async () => {
    const proposal = await proposeImage();
    store.set(proposal.id, { ...proposal, actionInput: JSON.stringify({ prompt: '' }) });
    const views = await confirmChatAction(OWNER, { actionId: proposal.id, confirm: true }, NOW);
    expect(runConfirmedTool).not.toHaveBeenCalled();
    expect(views).toMatchObject([{ action: 'failed' }, { error: true, text: CHAT_MSG.toolInputInvalid }]);
  });
});
