/**
 * The brief form of a new campaign (issue 15 item 1): the form becomes the brief generarCampana
 * takes (budget read with the plan's rule), and every problem CampaignBriefSchema finds lands on
 * its field with its Spanish message; the blog home is the default landing.
 */
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_BRIEF_MSG, CAMPAIGN_LIMITS, CAMPAIGN_MSG, CampaignBriefSchema } from '@director-ia/shared';
import { addInterest, AGE_OPTIONS, blogHome, briefField, briefFieldOfMessage, checkBrief, emptyBriefForm, toggleNetwork, type BriefForm } from '../../../../../../web/src/features/campaigns/briefForm';

const filled = (change: Partial<BriefForm> = {}): BriefForm => ({
  ...emptyBriefForm('https://tienda.example/oferta'),
  name: 'Rebajas de otoño',
  objective: 'leads',
  budget: '600,50 €',
  startDate: '2030-10-01',
  endDate: '2030-10-20',
  networks: ['facebook', 'instagram'],
  offer: 'Clases de yoga: primera semana gratis.',
  locations: [
    { kind: 'provincia', name: 'malaga' },
    { kind: 'ciudad', name: 'Marbella' },
  ],
  ageMin: 25,
  ageMax: 65,
  interests: ['yoga'],
  ...change,
});

describe('checkBrief', () => {
  it('turns a complete form into the brief (euros from the typed text, schema-clean)', () => {
    const checked = checkBrief(filled());
    expect(checked).toEqual({
      ok: true,
      brief: {
        name: 'Rebajas de otoño',
        objective: 'leads',
        budget: 600.5,
        startDate: '2030-10-01',
        endDate: '2030-10-20',
        networks: ['facebook', 'instagram'],
        offer: 'Clases de yoga: primera semana gratis.',
        audience: { locations: [{ kind: 'provincia', name: 'malaga' }, { kind: 'ciudad', name: 'Marbella' }], ageMin: 25, ageMax: 65, interests: ['yoga'] },
        landingUrl: 'https://tienda.example/oferta',
      },
    });
    if (checked.ok) expect(CampaignBriefSchema.safeParse(checked.brief).success).toBe(true);
  });

  it.each([
    ['an empty budget', { budget: '' }],
    ['a zero budget', { budget: '0' }],
    ['a budget with thousands separators', { budget: '1.500,00' }],
    ['a negative budget', { budget: '-5' }],
  ])("refuses %s with the plan's message on the budget field", (_label, change) => {
    expect(checkBrief(filled(change))).toEqual({ ok: false, errors: { budget: 'Por favor, introduce un presupuesto válido.' } });
  });

  it('places every problem of an empty form on its field', () => {
    const checked = checkBrief({ ...emptyBriefForm(), locations: [{ kind: 'provincia', name: 'Atlántida' }] });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toMatchObject({
      budget: CAMPAIGN_BRIEF_MSG.budgetInvalid,
      objective: CAMPAIGN_BRIEF_MSG.objectiveInvalid,
      startDate: CAMPAIGN_BRIEF_MSG.startInvalid,
      endDate: CAMPAIGN_BRIEF_MSG.endInvalid,
      networks: CAMPAIGN_BRIEF_MSG.networksRequired,
      'audience.locations.0': CAMPAIGN_BRIEF_MSG.provinceInvalid,
      landingUrl: CAMPAIGN_BRIEF_MSG.landingInvalid,
    });
    expect(checked.errors.name).toMatch(/Nombre de la campaña/);
    expect(checked.errors.offer).toMatch(/Producto u oferta/);
  });

  it('places the date, age, location and interest rules on the field they concern', () => {
    const errors = (change: Partial<BriefForm>) => {
      const checked = checkBrief(filled(change));
      return checked.ok ? {} : checked.errors;
    };
    expect(errors({ endDate: '2030-09-30' })).toEqual({ endDate: CAMPAIGN_BRIEF_MSG.endBeforeStart });
    expect(errors({ endDate: '2031-03-01' })).toEqual({ endDate: CAMPAIGN_BRIEF_MSG.tooLong });
    expect(errors({ ageMin: 40, ageMax: 30 })).toEqual({ 'audience.ageMax': CAMPAIGN_BRIEF_MSG.ageOrder });
    expect(errors({ locations: [] })).toEqual({ 'audience.locations': CAMPAIGN_BRIEF_MSG.locationsRequired });
    expect(errors({ locations: [{ kind: 'provincia', name: 'Madrid' }, { kind: 'ciudad', name: ' ' }] })).toEqual({ 'audience.locations.1': CAMPAIGN_BRIEF_MSG.cityInvalid });
    expect(errors({ interests: ['x'.repeat(CAMPAIGN_LIMITS.interestLength + 1)] })).toEqual({ 'audience.interests': CAMPAIGN_BRIEF_MSG.interestInvalid });
    expect(errors({ landingUrl: 'tienda.example' })).toEqual({ landingUrl: CAMPAIGN_BRIEF_MSG.landingInvalid });
  });
});

describe('briefField', () => {
  it.each<[PropertyKey[], string]>([
    [['name'], 'name'],
    [['networks', 2], 'networks'],
    [['audience', 'locations', 3, 'name'], 'audience.locations.3'],
    [['audience', 'locations'], 'audience.locations'],
    [['audience', 'interests', 0], 'audience.interests'],
    [['audience'], 'audience'],
    [[], 'form'],
  ])('%j → %s', (path, field) => {
    expect(briefField(path)).toBe(field);
  });
});

describe('briefFieldOfMessage', () => {
  it("places the server's own refusals on their field, others on the form", () => {
    expect(briefFieldOfMessage(CAMPAIGN_BRIEF_MSG.startPast)).toBe('startDate');
    expect(briefFieldOfMessage(CAMPAIGN_MSG.landingNotAllowed)).toBe('landingUrl');
    expect(briefFieldOfMessage(CAMPAIGN_MSG.noValidProposal)).toBeUndefined();
  });
});

describe('form helpers', () => {
  it('defaults the landing to the public blog home only when the blog is enabled with an address', () => {
    expect(blogHome({ isEnabled: true, slug: 'mi-tienda' }, 'https://app.example')).toBe('https://app.example/blog/mi-tienda');
    expect(blogHome({ isEnabled: false, slug: 'mi-tienda' }, 'https://app.example')).toBe('');
    expect(blogHome({ isEnabled: true, slug: '' }, 'https://app.example')).toBe('');
    expect(blogHome(undefined, 'https://app.example')).toBe('');
    expect(emptyBriefForm('https://app.example/blog/mi-tienda').landingUrl).toBe('https://app.example/blog/mi-tienda');
  });

  it('adds interests trimmed, once (case aside), up to the limit', () => {
    expect(addInterest(['Yoga'], '  pilates ')).toEqual(['Yoga', 'pilates']);
    expect(addInterest(['Yoga'], 'yoga')).toEqual(['Yoga']);
    expect(addInterest(['Yoga'], '   ')).toEqual(['Yoga']);
    const full = Array.from({ length: CAMPAIGN_LIMITS.maxInterests }, (_, index) => `i${index}`);
    expect(addInterest(full, 'otro')).toEqual(full);
  });

  it('toggles networks keeping the order of the list', () => {
    const order = ['facebook', 'instagram', 'linkedin'] as const;
    expect(toggleNetwork(['linkedin'], 'facebook', order)).toEqual(['facebook', 'linkedin']);
    expect(toggleNetwork(['facebook', 'linkedin'], 'facebook', order)).toEqual(['linkedin']);
  });

  it('offers every age from 18 to 65', () => {
    expect(AGE_OPTIONS[0]).toBe(18);
    expect(AGE_OPTIONS.at(-1)).toBe(65);
    expect(AGE_OPTIONS).toHaveLength(48);
  });
});
