/**
 * `generateMonthlyPlan` as other contexts call it, against DynamoDB Local: a failing provider's AI
 * message is kept and nothing is stored; on a day of the month being planned only the days left
 * are planned, and a month that is over is refused. (Moved from the plan integration test, issue
 * 11 item 7: they need a scripted provider and a fixed clock; the callable's cases stay there.)
 * A model's times (issue 13 item 1) are stored with the proposal as 'HH:mm', a missing or invalid one
 * as the network's default, and approval carries them to the scheduled posts (the publishing
 * engine mocked). The model is told each network's suggested time and text rules (issue 13 items
 * 1–2), so its posts fit what approval validates.
 */
import { describe, expect, it, vi } from 'vitest';
import { PLAN_MSG } from '@director-ia/shared';
import { AI_MSG, AiRetryableError } from '../../../../../lambdas/platform/ai/errors';
import type { AiProvider } from '../../../../../lambdas/platform/ai/types';
import { InvalidInputError } from '../../../../../lambdas/platform/errors';
import { useDomainEnv, uniqueSub } from '../../../../support/domain-env';
import { rawTableAt } from '../../../../support/raw-table';

vi.mock('../../../../../lambdas/core/publishing', () => ({ syncPublications: vi.fn(async () => []), removePublications: vi.fn(), publicationsOf: vi.fn(async () => new Map()) }));

const db = await useDomainEnv();
const { generateMonthlyPlan } = await import('../../../../../lambdas/core/plan/generate');
const { approvePlan, pendingProposal } = await import('../../../../../lambdas/core/plan/proposals');
const table = rawTableAt(db.endpoint, db.table);
const rawItems = (sub: string, prefix: string) => table.query(`user#${sub}`, prefix);
const MONTH = '2031-03';

/** A provider whose model answers `answer` to the plan request. */
function answering(answer: unknown): AiProvider {
  return {
    id: 'openai-compatible',
    offline: false,
    generateText: () => Promise.reject(new Error('unused')),
    generateJson: (() => Promise.resolve({ value: answer, offline: false, model: 'guion' })) as AiProvider['generateJson'],
    generateImage: () => Promise.reject(new Error('unused')),
    embed: () => Promise.reject(new Error('unused')),
  };
}

describe('generateMonthlyPlan', () => {
  it("stores the model's times (or the network's default), and approval carries them to the posts", async () => {
    const sub = uniqueSub();
    const post = (scheduledDate: string, platform: string, time?: string) => ({ title: `Post ${scheduledDate}`, content: 'Texto', scheduledDate, platform, ...(time === undefined ? {} : { time }) });
    const provider = answering({ title: 'Plan', posts: [post('2031-03-04', 'linkedin', '8:30'), post('2031-03-06', 'x'), post('2031-03-08', 'facebook', 'mediodía')] });
    const plan = await generateMonthlyPlan(sub, { month: MONTH, budget: 100 }, new Date('2031-03-01T08:00:00Z'), { provider, brand: {}, networks: ['x', 'facebook', 'linkedin'], retrieve: async () => [] });
    expect(plan.posts.map((p) => [p.scheduledDate, p.time])).toEqual([
      ['2031-03-04', '08:30'],
      ['2031-03-06', '12:00'],
      ['2031-03-08', '13:00'],
    ]);
    const [stored] = await rawItems(sub, `plan#${plan.planId}`);
    expect((stored?.posts as { time: string }[]).map((p) => p.time)).toEqual(['08:30', '12:00', '13:00']);
    const approved = await approvePlan(sub, plan.planId);
    expect(approved.posts.map((p) => [p.id, p.time])).toEqual(plan.posts.map((p) => [p.id, p.time]));
    expect((await rawItems(sub, 'post#')).map((i) => i.time)).toEqual(['08:30', '12:00', '13:00']);
  });

  it("reads a proposal stored before posts had a time with each network's default, and approves it with those", async () => {
    const sub = uniqueSub();
    const plan = await generateMonthlyPlan(sub, { month: MONTH, budget: 100 }, new Date('2031-03-01T08:00:00Z'), { brand: {}, networks: ['facebook', 'telegram'], retrieve: async () => [] });
    const [stored] = await rawItems(sub, `plan#${plan.planId}`);
    const untimed = (stored?.posts as Record<string, unknown>[]).map(({ time: _time, ...rest }) => rest);
    await table.put({ ...stored, posts: untimed });
    expect((await pendingProposal(sub, MONTH))?.posts.map((p) => [p.platform, p.time])).toEqual([
      ['facebook', '13:00'],
      ['telegram', '10:00'],
      ['facebook', '13:00'],
      ['telegram', '10:00'],
    ]);
    const approved = await approvePlan(sub, plan.planId);
    expect(approved.posts.map((p) => p.time)).toEqual(['13:00', '10:00', '13:00', '10:00']);
  });

  it("tells the model each network's suggested time and text rules", async () => {
    const sub = uniqueSub();
    const systems: string[] = [];
    const provider: AiProvider = {
      ...answering(null),
      generateJson: ((request: { system: string }) => {
        systems.push(request.system);
        return Promise.resolve({ value: { title: 'Plan', posts: [{ title: 'T', content: 'C', scheduledDate: '2031-03-04', platform: 'x' }] }, offline: false, model: 'guion' });
      }) as AiProvider['generateJson'],
    };
    await generateMonthlyPlan(sub, { month: MONTH, budget: 100 }, new Date('2031-03-01T08:00:00Z'), { provider, brand: {}, networks: ['x', 'telegram', 'youtube'], retrieve: async () => [] });
    expect(systems[0]).toContain('orientación: X 12:00, Telegram 10:00, YouTube 18:00');
    expect(systems[0]).toContain('X: texto de hasta 280 caracteres (cada enlace cuenta 23 y cada emoji 2)');
    expect(systems[0]).toContain('Telegram: texto de hasta 1024 caracteres (cada emoji cuenta 2)');
    expect(systems[0]).toContain('YouTube: texto de hasta 5000 bytes (las letras con tilde y los emojis ocupan más de uno), título de hasta 100 caracteres, sin los caracteres < >');
  });

  it('keeps the AI layer message of a failing provider and stores nothing', async () => {
    const sub = uniqueSub();
    const failing: AiProvider = {
      id: 'bedrock',
      offline: false,
      generateText: () => Promise.reject(new Error('unused')),
      generateJson: () => Promise.reject(new AiRetryableError('bedrock', 'ThrottlingException')),
      generateImage: () => Promise.reject(new Error('unused')),
      embed: () => Promise.reject(new Error('unused')),
    };
    // The AI layer's own error reaches the callable edge, which answers 503 with this message.
    const failure = generateMonthlyPlan(sub, { month: MONTH, budget: 100 }, new Date(), { provider: failing, retrieve: async () => [] });
    await expect(failure).rejects.toBeInstanceOf(AiRetryableError);
    await expect(failure).rejects.toThrow(AI_MSG.retryable);
    expect(await rawItems(sub, 'plan#')).toEqual([]);
  });

  it('plans the rest of the current month only: never a day already gone', async () => {
    const sub = uniqueSub();
    const now = new Date('2031-03-20T10:00:00Z');
    const plan = await generateMonthlyPlan(sub, { month: MONTH, budget: 80 }, now, { retrieve: async () => [] });
    expect(plan.offline).toBe(true);
    expect(plan.posts.map((p) => p.scheduledDate)).toEqual(['2031-03-20', '2031-03-26', '2031-03-31']);
    expect(await rawItems(sub, `plan#${plan.planId}`)).toHaveLength(1);
    await expect(generateMonthlyPlan(sub, { month: '2031-02', budget: 80 }, now)).rejects.toThrow(new InvalidInputError(PLAN_MSG.planPastMonth));
  });
});
