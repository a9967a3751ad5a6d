/**
 * The offline monthly plan (lambdas/core/plan/offline.ts; issue 5 item 2, spec 9 sample days; its
 * posts' times, issue 13 item 1), the networks a plan may use (networks.ts), the model's
 * instructions (generate.ts) and the budget rule shared by web and server (shared/plan.ts, spec 5).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUDGET_INVALID, formatBudget, MAX_BUDGET_EUR, parseBudget, validBudget } from '@director-ia/shared';
import { buildOfflinePlan, offlinePlanDays } from '../../../../../lambdas/core/plan/offline';
import { connectedNetworks, DEFAULT_PLAN_NETWORKS, orderNetworks } from '../../../../../lambdas/core/plan/networks';
import { planInstructions } from '../../../../../lambdas/core/plan/generate';
import { repairPlan } from '../../../../../lambdas/core/plan/schema';

const brand = {
  brandName: 'Panadería Lucía',
  brandPersonality: 'Cercana, artesana y alegre',
  targetAudience: 'familias del barrio',
  keywords: 'pan artesano, masa madre, política',
  topicsToAvoid: 'política',
};

describe('offline plan', () => {
  it("is the spec's sample with the default networks: 5 instagram, 12 facebook, 20 youtube (and the 26th)", () => {
    const plan = buildOfflinePlan({ month: '2025-03', networks: DEFAULT_PLAN_NETWORKS, budget: 300, brand, passages: [] });
    expect(plan.posts.map((p) => [p.scheduledDate, p.platform])).toEqual([
      ['2025-03-05', 'instagram'],
      ['2025-03-12', 'facebook'],
      ['2025-03-20', 'youtube'],
      ['2025-03-26', 'instagram'],
    ]);
    expect(plan.title).toBe(`Plan de contenidos de Marzo 2025 · ${formatBudget(300)}`);
    expect(plan.budget).toBe(300);
  });

  it('builds its texts from the brand settings and knowledge, never from a topic to avoid', () => {
    const passages = ['Horneamos cada mañana con masa madre de 48 horas.', 'Opinamos sobre política local.'];
    const plan = buildOfflinePlan({ month: '2025-03', networks: ['instagram', 'facebook'], budget: 120, brand, passages });
    const text = plan.posts.map((p) => `${p.title}\n${p.content}`).join('\n');
    expect(text).toContain('Panadería Lucía');
    expect(text).toContain('Cercana, artesana y alegre');
    expect(text).toContain('familias del barrio');
    expect(text).toContain('#PanArtesano #MasaMadre');
    expect(text).toContain('masa madre de 48 horas');
    expect(text.toLowerCase()).not.toContain('política');
    // What the generator does with it: every post survives the same check as a model's answer.
    expect(repairPlan(plan, { month: '2025-03', networks: ['instagram', 'facebook'], budget: 120, brand }).posts).toHaveLength(plan.posts.length);
  });

  it("proposes each network's default time, the same every time (issue 13)", () => {
    const plan = buildOfflinePlan({ month: '2025-03', networks: DEFAULT_PLAN_NETWORKS, budget: 300, brand, passages: [] });
    expect(plan.posts.map((p) => [p.scheduledDate, p.platform, p.time])).toEqual([
      ['2025-03-05', 'instagram', '19:00'],
      ['2025-03-12', 'facebook', '13:00'],
      ['2025-03-20', 'youtube', '18:00'],
      ['2025-03-26', 'instagram', '19:00'],
    ]);
    const other = buildOfflinePlan({ month: '2025-04', networks: ['linkedin', 'x', 'tiktok', 'pinterest', 'telegram'], budget: 300, brand, passages: [] });
    expect(other.posts.map((p) => [p.platform, p.time])).toEqual([
      ['linkedin', '09:00'],
      ['x', '12:00'],
      ['tiktok', '20:00'],
      ['pinterest', '21:00'],
    ]);
    // What the generator stores: the check keeps those times.
    expect(repairPlan(plan, { month: '2025-03', networks: DEFAULT_PLAN_NETWORKS, budget: 300, brand }).posts.map((p) => p.time)).toEqual(['19:00', '13:00', '18:00', '19:00']);
  });

  it('uses the owner networks in turn and video titles on video networks', () => {
    const plan = buildOfflinePlan({ month: '2025-04', networks: ['linkedin', 'tiktok'], budget: 50, brand: {}, passages: [] });
    expect(plan.posts.map((p) => p.platform)).toEqual(['linkedin', 'tiktok', 'linkedin', 'tiktok']);
    expect(plan.posts[1]?.title).toMatch(/^Vídeo: /);
    expect(plan.posts[0]?.content).toContain('nuestra marca');
  });

  it.each([
    ['2025-03', undefined, [5, 12, 20, 26]],
    ['2025-03', '2025-03-10', [12, 20, 26]],
    ['2025-03', '2025-03-21', [21, 26, 31]],
    ['2025-02', '2025-02-27', [27, 28]],
    ['2025-03', '2025-03-31', [31]],
    ['2025-03', '2025-02-27', [5, 12, 20, 26]],
  ])('%s not before %s posts on days %j', (month, notBefore, days) => {
    expect(offlinePlanDays(month, notBefore)).toEqual(days);
  });

  it('always passes its own check for any month and start day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2024, max: 2030 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }), (year, m, day) => {
        const month = `${year}-${String(m).padStart(2, '0')}`;
        const notBefore = `${month}-${String(Math.min(day, 28)).padStart(2, '0')}`;
        const plan = buildOfflinePlan({ month, notBefore, networks: DEFAULT_PLAN_NETWORKS, budget: 10, brand, passages: [] });
        return repairPlan(plan, { month, notBefore, networks: DEFAULT_PLAN_NETWORKS, budget: 10, brand }).posts.length === plan.posts.length && plan.posts.length >= 1;
      }),
    );
  });
});

describe('plan networks', () => {
  it('keeps the connections in state conectada, in the plan order', () => {
    const connections = [
      { network: 'telegram', state: 'conectada' },
      { network: 'facebook', state: 'conectada' },
      { network: 'x', state: 'reconectar' },
      { network: 'instagram', state: 'desconectada' },
    ] as const;
    expect(connectedNetworks(connections)).toEqual(['facebook', 'telegram']);
    expect(connectedNetworks([])).toEqual([]);
    expect(orderNetworks(['x', 'youtube', 'instagram', 'x'])).toEqual(['instagram', 'youtube', 'x']);
  });
});

describe('model instructions', () => {
  it('name the month, the dates, the offered network ids and the budget', () => {
    const text = planInstructions('2025-03', 1500, ['instagram', 'linkedin'], '2025-03-10');
    expect(text).toContain('Marzo 2025');
    expect(text).toContain('entre 2025-03-10 y 2025-03-31');
    expect(text).toContain('"instagram" (Instagram), "linkedin" (LinkedIn)');
    expect(text).toContain(formatBudget(1500));
  });

  it("ask for each post's local time and give the offered networks' usual times as guidance", () => {
    const text = planInstructions('2025-03', 1500, ['instagram', 'linkedin'], '2025-03-10');
    expect(text).toContain('"time" en formato HH:mm de 24 horas, hora local de la marca');
    expect(text).toContain('orientación: Instagram 19:00, LinkedIn 09:00');
    expect(text).not.toContain('TikTok');
  });
});

describe('budget rule (spec 5)', () => {
  it.each([
    ['300', 300],
    ['99,50', 99.5],
    ['99.5', 99.5],
    [' 1500 € ', 1500],
    ['0,005', 0.01],
    [String(MAX_BUDGET_EUR), MAX_BUDGET_EUR],
  ])('%j is a budget of %d €', (text, value) => {
    expect(parseBudget(text)).toBe(value);
  });

  it.each(['', '0', '0,00', '0,004', '-5', 'cien', '1e3', '12,5,3', String(MAX_BUDGET_EUR + 1), 'NaN', 'Infinity'])('%j is not a budget', (text) => {
    expect(parseBudget(text)).toBeNull();
  });

  it.each([
    [300, '300\u00a0€'],
    [1500, '1500\u00a0€'],
    [15000, '15.000\u00a0€'],
    [1_000_000, '1.000.000\u00a0€'],
    [99.5, '99,50\u00a0€'],
    [250.456, '250,46\u00a0€'],
  ])('formats %d as %j, the same on every runtime', (value, text) => {
    expect(formatBudget(value)).toBe(text);
  });

  it('refuses non-finite, zero and negative numbers, and says so with the spec message', () => {
    for (const value of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(validBudget(value)).toBeNull();
    expect(BUDGET_INVALID).toBe('Por favor, introduce un presupuesto válido.');
  });
});
