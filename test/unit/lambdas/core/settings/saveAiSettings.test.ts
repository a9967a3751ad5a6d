/**
 * `saveBrandSettings` (guardarAjustesIA; issue 13 item 1) against DynamoDB Local, the publishing
 * engine mocked (its own tests cover rescheduleAll): a save that changes the brand's time zone
 * reschedules every publication once, after the zone is stored; a save without a zone, or with
 * the stored one, reschedules nothing; a refused zone writes and reschedules nothing.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { InvalidInputError } from '../../../../../lambdas/platform/errors';
import { useDomainEnv, uniqueSub } from '../../../../support/domain-env';

vi.mock('../../../../../lambdas/core/publishing', () => ({ rescheduleAll: vi.fn() }));

await useDomainEnv();
const { saveBrandSettings } = await import('../../../../../lambdas/core/settings/saveAiSettings');
const { brandTimeZone } = await import('../../../../../lambdas/core/settings/aiSettings');
const { rescheduleAll } = await import('../../../../../lambdas/core/publishing');

const NOW = new Date('2031-03-01T10:00:00Z');

beforeEach(() => {
  vi.mocked(rescheduleAll).mockReset().mockResolvedValue(undefined);
});

describe('saveBrandSettings', () => {
  it('reschedules once when the time zone changes, with the new zone already stored', async () => {
    const sub = uniqueSub();
    let zoneSeen: string | undefined;
    vi.mocked(rescheduleAll).mockImplementation(async (who) => {
      zoneSeen = await brandTimeZone(who);
    });
    const saved = await saveBrandSettings({ sub }, { brandName: 'Marca', timeZone: 'Atlantic/Canary' }, NOW);
    expect(saved).toMatchObject({ brandName: 'Marca', timeZone: 'Atlantic/Canary' });
    expect(rescheduleAll).toHaveBeenCalledTimes(1);
    expect(rescheduleAll).toHaveBeenCalledWith(sub, NOW);
    expect(zoneSeen).toBe('Atlantic/Canary');
  });

  it('reschedules nothing when the zone is left out or unchanged (the default included)', async () => {
    const sub = uniqueSub();
    await saveBrandSettings({ sub }, { brandName: 'Marca' }, NOW);
    await saveBrandSettings({ sub }, { timeZone: 'Europe/Madrid' }, NOW);
    await saveBrandSettings({ sub }, { timeZone: 'America/Bogota' }, NOW);
    await saveBrandSettings({ sub }, { keywords: 'pan', timeZone: 'America/Bogota' }, NOW);
    expect(rescheduleAll).toHaveBeenCalledTimes(1);
  });

  it('a refused zone writes and reschedules nothing', async () => {
    const sub = uniqueSub();
    await expect(saveBrandSettings({ sub }, { timeZone: 'Mars/Olympus' }, NOW)).rejects.toBeInstanceOf(InvalidInputError);
    await expect(brandTimeZone(sub)).resolves.toBe('Europe/Madrid');
    expect(rescheduleAll).not.toHaveBeenCalled();
  });
});
