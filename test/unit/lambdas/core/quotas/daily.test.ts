/**
 * The daily quotas (issue 16 finding 2, lambdas/core/quotas/daily.ts) on DynamoDB Local: the limit
 * from env (default when unset or invalid), atomic takes under concurrency, amounts (bytes), give
 * back, a new UTC day, and the usage figures Constructor IA shows.
 */
import { describe, expect, it } from 'vitest';
import { DAILY_QUOTA_NAMES, DAILY_QUOTAS, QUOTA_MSG } from '@director-ia/shared';
import { useDomainEnv, uniqueSub } from '../../../../support/domain-env';

await useDomainEnv({ DAILY_CHAT_TURN_QUOTA: '5' });
const { dailyQuotaLimit, dailyQuotaUsage, giveBackDailyQuota, takeDailyQuota, withDailyQuota } = await import('../../../../../lambdas/core/quotas/daily');

const NOW = new Date('2031-05-06T23:59:00Z');

describe('daily quotas', () => {
  it('reads each limit from its env variable, or the default when unset or invalid', () => {
    expect(dailyQuotaLimit('monthlyPlans', {})).toBe(DAILY_QUOTAS.monthlyPlans.defaultLimit);
    expect(dailyQuotaLimit('monthlyPlans', { DAILY_PLAN_QUOTA: ' 3 ' })).toBe(3);
    expect(dailyQuotaLimit('monthlyPlans', { DAILY_PLAN_QUOTA: '0' })).toBe(0);
    expect(dailyQuotaLimit('monthlyPlans', { DAILY_PLAN_QUOTA: '-1' })).toBe(DAILY_QUOTAS.monthlyPlans.defaultLimit);
    expect(dailyQuotaLimit('uploadBytes', { DAILY_UPLOAD_BYTES_QUOTA: 'mucho' })).toBe(DAILY_QUOTAS.uploadBytes.defaultLimit);
  });

  it('never lets concurrent takes pass the limit, and refuses with the Spanish 429', async () => {
    const sub = uniqueSub();
    const results = await Promise.allSettled(Array.from({ length: 9 }, () => takeDailyQuota(sub, 'chatTurns', 1, NOW)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const refused = results.find((r) => r.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason).toMatchObject({ kind: 'QUOTA_EXCEEDED', message: QUOTA_MSG.exceeded('chatTurns', 5) });
    expect(QUOTA_MSG.exceeded('chatTurns', 5)).toBe('Has alcanzado el límite diario de mensajes del chat (5). Vuelve a intentarlo mañana.');
    // The next UTC day starts from zero.
    await takeDailyQuota(sub, 'chatTurns', 1, new Date('2031-05-07T00:00:00Z'));
  });

  it('takes amounts whole or not at all, gives them back, and reports what is left', async () => {
    const sub = uniqueSub();
    const limit = 10;
    const take = await takeDailyQuota(sub, 'uploadBytes', 7, NOW, limit);
    await expect(takeDailyQuota(sub, 'uploadBytes', 4, NOW, limit)).rejects.toMatchObject({ kind: 'QUOTA_EXCEEDED' });
    await takeDailyQuota(sub, 'uploadBytes', 3, NOW, limit);
    await giveBackDailyQuota(take);
    await expect(withDailyQuota(sub, 'chatTurns', () => Promise.reject(new Error('falló')), NOW)).rejects.toThrow('falló');
    await withDailyQuota(sub, 'chatTurns', async () => 'ok', NOW);
    const usage = await dailyQuotaUsage(sub, NOW, { DAILY_CHAT_TURN_QUOTA: '5', DAILY_UPLOAD_BYTES_QUOTA: '10' });
    expect(usage.map((u) => u.name)).toEqual([...DAILY_QUOTA_NAMES]);
    expect(usage.find((u) => u.name === 'uploadBytes')).toEqual({ name: 'uploadBytes', limit: 10, used: 3, remaining: 7 });
    expect(usage.find((u) => u.name === 'chatTurns')).toEqual({ name: 'chatTurns', limit: 5, used: 1, remaining: 4 });
    expect(usage.find((u) => u.name === 'monthlyPlans')).toMatchObject({ used: 0, remaining: DAILY_QUOTAS.monthlyPlans.defaultLimit });
  });
});
