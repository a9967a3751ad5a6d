/**
 * The brand context prompts get (`readBrandContext`): only the fields the owner filled in, from
 * the Constructor de IA settings in DynamoDB Local. (Moved from the settings integration test,
 * issue 11 item 7: no callable returns it; prompts carrying it are checked in the plan test.)
 * The brand's time zone (issue 13 item 1): Europe/Madrid until chosen, stored and merged like the
 * other fields, never part of the prompts' brand context, and a zone Intl does not know refused
 * with nothing written (callers inside the server skip the contract's schema).
 */
import { describe, expect, it } from 'vitest';
import { brandColorInvalid, DEFAULT_BRAND_COLORS, TIME_MSG } from '@director-ia/shared';
import { InvalidInputError } from '../../../../../lambdas/platform/errors';
import { useDomainEnv, uniqueSub } from '../../../../support/domain-env';
import { rawTableAt } from '../../../../support/raw-table';

const db = await useDomainEnv();
const { brandTimeZone, readAiSettings, readBrandContext, readBrandLook, saveAiSettings } = await import('../../../../../lambdas/core/settings/aiSettings');

describe('readBrandContext', () => {
  it('has only the fields the owner filled in', async () => {
    const sub = uniqueSub();
    await expect(readBrandContext(sub)).resolves.toEqual({});
    await saveAiSettings({ sub }, { brandName: 'Marca Otra', topicsToAvoid: 'política' });
    await expect(readBrandContext(sub)).resolves.toEqual({ brandName: 'Marca Otra', topicsToAvoid: 'política' });
  });
});

describe('the brand time zone', () => {
  it('is Europe/Madrid until chosen, then the chosen zone, kept by saves that leave it out', async () => {
    const sub = uniqueSub();
    expect((await readAiSettings({ sub })).timeZone).toBe('Europe/Madrid');
    await expect(brandTimeZone(sub)).resolves.toBe('Europe/Madrid');
    await saveAiSettings({ sub }, { brandName: 'Sin zona' });
    await expect(brandTimeZone(sub)).resolves.toBe('Europe/Madrid');
    expect(await rawTableAt(db.endpoint, db.table).get(`user#${sub}`, 'settings#ia')).not.toHaveProperty('timeZone');
    const saved = await saveAiSettings({ sub }, { timeZone: 'Atlantic/Canary' });
    expect(saved).toMatchObject({ brandName: 'Sin zona', timeZone: 'Atlantic/Canary' });
    await saveAiSettings({ sub }, { keywords: 'papas' });
    await expect(brandTimeZone(sub)).resolves.toBe('Atlantic/Canary');
    await expect(readBrandContext(sub)).resolves.toEqual({ brandName: 'Sin zona', keywords: 'papas' });
  });

  it.each(['Europe/Atlantis', '+01:00', 'Madrid', ''])('refuses %j with the Spanish message and writes nothing', async (zone) => {
    const sub = uniqueSub();
    await saveAiSettings({ sub }, { timeZone: 'America/Lima' });
    const before = await readAiSettings({ sub });
    await expect(saveAiSettings({ sub }, { brandName: 'Nueva', timeZone: zone })).rejects.toThrow(new InvalidInputError(TIME_MSG.timeZoneInvalid));
    expect(await readAiSettings({ sub })).toEqual(before);
  });
});

describe('the brand look (issue 18: the colours of composed videos)', () => {
  it('is the default colours and no name until set, then the saved colours (lower case) and name, never in the prompts', async () => {
    const sub = uniqueSub();
    await expect(readBrandLook(sub)).resolves.toEqual({ ...DEFAULT_BRAND_COLORS });
    await saveAiSettings({ sub }, { brandName: 'Horno Azul', primaryColor: '#0A3D91' });
    await expect(readBrandLook(sub)).resolves.toEqual({ primaryColor: '#0a3d91', accentColor: DEFAULT_BRAND_COLORS.accentColor, brandName: 'Horno Azul' });
    await saveAiSettings({ sub }, { accentColor: '#ffcc00' });
    await expect(readBrandLook(sub)).resolves.toEqual({ primaryColor: '#0a3d91', accentColor: '#ffcc00', brandName: 'Horno Azul' });
    await expect(readBrandContext(sub)).resolves.toEqual({ brandName: 'Horno Azul' });
  });

  it('refuses a colour that is not #rrggbb with the Spanish message and writes nothing', async () => {
    const sub = uniqueSub();
    await saveAiSettings({ sub }, { accentColor: '#123456' });
    const before = await readAiSettings({ sub });
    await expect(saveAiSettings({ sub }, { brandName: 'Nueva', accentColor: 'naranja' })).rejects.toThrow(new InvalidInputError(brandColorInvalid('accentColor')));
    expect(await readAiSettings({ sub })).toEqual(before);
  });
});
