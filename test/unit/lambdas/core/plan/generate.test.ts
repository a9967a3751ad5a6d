/**
 * `generateMonthlyPlan` as other contexts call it, against DynamoDB Local: a failing provider's AI
 * message is kept and nothing is stored; on a day of the month being planned only the days left
 * are planned, and a month that is over is refused. (Moved from the plan integration test, issue
 * 11 item 7: they need a scripted provider and a fixed clock; the callable's cases stay there.)
 */
import { describe, expect, it } from 'vitest';
import { PLAN_MSG } from '@director-ia/shared';
import { AI_MSG, AiRetryableError } from '../../../../../lambdas/platform/ai/errors';
import type { AiProvider } from '../../../../../lambdas/platform/ai/types';
import { InvalidInputError } from '../../../../../lambdas/platform/errors';
import { useDomainEnv, uniqueSub } from '../../../../support/domain-env';
import { rawTableAt } from '../../../../support/raw-table';

const db = await useDomainEnv();
const { generateMonthlyPlan } = await import('../../../../../lambdas/core/plan/generate');
const rawItems = (sub: string, prefix: string) => rawTableAt(db.endpoint, db.table).query(`user#${sub}`, prefix);
const MONTH = '2031-03';

describe('generateMonthlyPlan', () => {
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
