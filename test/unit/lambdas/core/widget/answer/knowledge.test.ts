/**
 * `knowledgeAnswer`'s fallbacks (issue 6 item 1), with retrieval mocked: the brand's uid selects
 * the knowledge; a model that fails with an AI error gives way to the honest offline answer;
 * embeddings that fail give an answer without knowledge; other errors are not swallowed.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Passage } from '../../../../../../lambdas/core/knowledge/retrieve';
import { AiRetryableError, offlineProvider, type AiProvider } from '../../../../../../lambdas/platform/ai';

const retrievePassages = vi.fn<(uid: string, query: string, k?: number) => Promise<Passage[]>>();
vi.mock('../../../../../../lambdas/core/knowledge/retrieve', () => ({ retrievePassages }));
const { knowledgeAnswer, WIDGET_REPLIES } = await import('../../../../../../lambdas/core/widget/answer');

const BRAND = 'Taller Peña';
const input = { brandName: BRAND, brand: { brandName: BRAND }, message: '¿Reparáis bicicletas eléctricas?', history: [] };
const BIKES: Passage = { docId: 'd', docName: 'guía.docx', index: 0, text: 'El Taller Peña repara bicicletas eléctricas y de montaña en Logroño.', score: 0.45 };

function failing(error: Error): AiProvider {
  return { ...offlineProvider, id: 'bedrock', offline: false, generateJson: async () => Promise.reject(error) } as AiProvider;
}

beforeEach(() => {
  retrievePassages.mockReset();
});

describe('knowledgeAnswer', () => {
  it("retrieves from the brand's own partition and answers offline from it", async () => {
    retrievePassages.mockResolvedValue([BIKES]);
    const answer = await knowledgeAnswer('uid-taller', offlineProvider, input);
    expect(retrievePassages).toHaveBeenCalledWith('uid-taller', input.message, 4);
    expect(answer).toMatchObject({ offline: true });
    expect(answer.reply).toContain('bicicletas eléctricas');
  });

  it('answers offline when the model fails with an AI error', async () => {
    retrievePassages.mockResolvedValue([BIKES]);
    const answer = await knowledgeAnswer('uid-taller', failing(new AiRetryableError('bedrock', 'throttled')), input);
    expect(answer.offline).toBe(true);
    expect(answer.reply).toContain('Logroño');
  });

  it('lets other failures through', async () => {
    retrievePassages.mockResolvedValue([BIKES]);
    await expect(knowledgeAnswer('uid-taller', failing(new TypeError('bug')), input)).rejects.toThrow('bug');
  });

  it('answers without knowledge when the embeddings fail', async () => {
    retrievePassages.mockRejectedValue(new AiRetryableError('bedrock', 'embeddings down'));
    expect(await knowledgeAnswer('uid-taller', offlineProvider, input)).toEqual({ reply: WIDGET_REPLIES.dontKnow(BRAND), offline: true, askForContact: true });
  });

  it('does not swallow a failure of the table', async () => {
    retrievePassages.mockRejectedValue(new TypeError('table gone'));
    await expect(knowledgeAnswer('uid-taller', offlineProvider, input)).rejects.toThrow('table gone');
  });
});
