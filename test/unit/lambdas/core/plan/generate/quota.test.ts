/**
 * The monthly plans' daily quota (issue 16 finding 2): `generateMonthlyPlan` counts one plan per
 * call before the model runs; over DAILY_PLAN_QUOTA it is 429 RESOURCE_EXHAUSTED in Spanish and the
 * model is not asked; a failed generation gives its unit back. Against DynamoDB Local.
 */
import { describe, expect, it, vi } from 'vitest';
import type { AiProvider } from '../../../../../../lambdas/platform/ai/types';
import { useDomainEnv, uniqueSub } from '../../../../../support/domain-env';

vi.mock('../../../../../../lambdas/core/publishing', () => ({ syncPublications: vi.fn(async () => []), removePublications: vi.fn(), publicationsOf: vi.fn(async () => new Map()) }));

await useDomainEnv({ DAILY_PLAN_QUOTA: '2' });
const { generateMonthlyPlan } = await import('../../../../../../lambdas/core/plan/generate');

const NOW = new Date('2031-03-01T08:00:00Z');

/** A provider counting the model's calls; `fail` makes it throw. */
function countingProvider(state: { calls: number; fail: boolean }): AiProvider {
  const answer = { title: 'Plan', posts: [{ title: 'Post', content: 'Texto', scheduledDate: '2031-03-04', platform: 'facebook' }] };
  return {
    id: 'openai-compatible',
    offline: false,
    generateText: () => Promise.reject(new Error('unused')),
    generateJson: (() => {
      state.calls += 1;
      return state.fail ? Promise.reject(new Error('model down')) : Promise.resolve({ value: answer, offline: false, model: 'guion' });
    }) as AiProvider['generateJson'],
    generateImage: () => Promise.reject(new Error('unused')),
    embed: () => Promise.reject(new Error('unused')),
  };
}

describe('the monthly plans quota', () => {
  it('refuses the plan over the daily limit with 429 before asking the model, and a failed plan does not count', async () => {
    const sub = uniqueSub();
    const state = { calls: 0, fail: false };
    const generate = () => generateMonthlyPlan(sub, { month: '2031-03', budget: 100 }, NOW, { provider: countingProvider(state), brand: {}, networks: ['facebook'], retrieve: async () => [] });
    state.fail = true;
    await expect(generate()).rejects.toThrow();
    state.fail = false;
    await generate();
    await generate();
    const refused = generate();
    await expect(refused).rejects.toMatchObject({ kind: 'QUOTA_EXCEEDED', message: expect.stringContaining('Has alcanzado el límite diario de planes mensuales (2)') });
    expect(state.calls).toBe(3);
    // Another day starts again.
    await generateMonthlyPlan(sub, { month: '2031-03', budget: 100 }, new Date('2031-03-02T08:00:00Z'), { provider: countingProvider(state), brand: {}, networks: ['facebook'], retrieve: async () => [] });
  });
});
