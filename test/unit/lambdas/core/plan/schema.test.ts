/**
 * The monthly plan's answer check (lambdas/core/plan/schema.ts; issue 5 item 2): the structure
 * schema, what `repairPlan` repairs (texts, dates, platform aliases, duplicates, counts), what it
 * drops (outside the month, unknown or not offered networks, topics to avoid), the post times
 * (issue 13: 'HH:mm', else the network's default time) and that it rejects
 * an answer with nothing usable — with properties over arbitrary answers: whatever the model
 * says, the result only holds publishable posts of the month on the offered networks.
 */
import fc from 'fast-check';
import { safeParse } from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { isPostTime, MAX_PLAN_POSTS, PLAN_MSG, PLAN_TITLE_MAX, POST_LIMITS, SOCIAL_NETWORKS, type SocialNetwork } from '@director-ia/shared';
import { capText, normalizeDate, normalizePlatform, normalizeTime, PlanAnswerSchema, PlanRejected, repairPlan, type PlanAnswer, type RepairContext } from '../../../../../lambdas/core/plan/schema';

const ctx: RepairContext = { month: '2025-03', networks: ['instagram', 'facebook', 'youtube'], budget: 300 };
const post = (over: Partial<PlanAnswer['posts'][number]> = {}) => ({ title: 'Novedades de primavera', content: 'Llega la primavera a la tienda.', scheduledDate: '2025-03-05', platform: 'instagram', ...over });

describe('PlanAnswerSchema (structure)', () => {
  it('accepts {title, budget, posts[]}, a budget as text or missing, and a post time or none', () => {
    expect(safeParse(PlanAnswerSchema, { title: 'Plan', posts: [post({ time: '19:00' }), post({ time: 'por la tarde' })] }).success).toBe(true);
    expect(safeParse(PlanAnswerSchema, { title: 'Plan', budget: 300, posts: [post()] }).success).toBe(true);
    expect(safeParse(PlanAnswerSchema, { title: 'Plan', budget: '300 €', posts: [] }).success).toBe(true);
    expect(safeParse(PlanAnswerSchema, { title: 'Plan', posts: [post()] }).success).toBe(true);
  });

  it.each([
    ['no posts list', { title: 'Plan', budget: 300 }],
    ['posts not a list', { title: 'Plan', posts: 'tres publicaciones' }],
    ['a post without date', { title: 'Plan', posts: [{ title: 'a', content: 'b', platform: 'instagram' }] }],
    ['a date as a number', { title: 'Plan', posts: [{ ...post(), scheduledDate: 20250305 }] }],
    ['a time as a number', { title: 'Plan', posts: [{ ...post(), time: 1900 }] }],
    ['no title', { posts: [post()] }],
    ['not an object', 'Aquí tienes tu plan'],
  ])('refuses %s', (_label, value) => {
    expect(safeParse(PlanAnswerSchema, value).success).toBe(false);
  });
});

describe('repairPlan', () => {
  it('keeps a good plan as it is, with the owner budget', () => {
    const answer = { title: 'Primavera en la tienda', budget: 999, posts: [post({ time: '20:15' }), post({ title: 'Vídeo del taller', scheduledDate: '2025-03-20', time: '17:30', platform: 'youtube' })] };
    const plan = repairPlan(answer, ctx);
    expect(plan).toEqual({
      title: 'Primavera en la tienda',
      budget: 300,
      posts: [
        { title: 'Novedades de primavera', content: 'Llega la primavera a la tienda.', scheduledDate: '2025-03-05', time: '20:15', platform: 'instagram' },
        { title: 'Vídeo del taller', content: 'Llega la primavera a la tienda.', scheduledDate: '2025-03-20', time: '17:30', platform: 'youtube' },
      ],
      dropped: [],
    });
  });

  it('repairs dates, platforms, whitespace, missing titles and long texts', () => {
    const long = 'palabra '.repeat(600);
    const plan = repairPlan(
      {
        title: '  Plan   de\nmarzo ',
        posts: [
          post({ title: '  Hola\n mundo  ', scheduledDate: '2025-3-7', platform: ' Instagram ' }),
          post({ title: '', content: 'Abrimos el sábado. Ven a vernos.', scheduledDate: '2025-03-08T10:00:00Z', platform: 'Facebook' }),
          post({ title: 'x'.repeat(400), content: long, scheduledDate: '2025-03-09', platform: 'YouTube' }),
        ],
      },
      ctx,
    );
    expect(plan.title).toBe('Plan de marzo');
    expect(plan.posts.map((p) => [p.scheduledDate, p.platform, p.title])).toEqual([
      ['2025-03-07', 'instagram', 'Hola mundo'],
      ['2025-03-08', 'facebook', 'Abrimos el sábado.'],
      ['2025-03-09', 'youtube', expect.stringMatching(/…$/)],
    ]);
    expect([...(plan.posts[2]?.title ?? '')].length).toBeLessThanOrEqual(POST_LIMITS.title);
    expect([...(plan.posts[2]?.content ?? '')].length).toBeLessThanOrEqual(POST_LIMITS.content);
  });

  it("reads each post's time as HH:mm, and gives a post without a valid one its network's default time (never dropping it)", () => {
    expect(normalizeTime('19:00')).toBe('19:00');
    expect(normalizeTime(' 9:05 ')).toBe('09:05');
    expect(normalizeTime('19.30')).toBe('19:30');
    expect(normalizeTime('21:00:00')).toBe('21:00');
    for (const bad of [undefined, '', '24:00', '19:75', '7pm', 'por la tarde', '2025-03-05T19:00']) expect(normalizeTime(bad)).toBeNull();
    const plan = repairPlan(
      {
        title: 'Plan',
        posts: [
          post({ time: '8:45' }),
          post({ title: 'Sin hora', scheduledDate: '2025-03-06', platform: 'facebook' }),
          post({ title: 'Hora imposible', scheduledDate: '2025-03-07', platform: 'youtube', time: '25:00' }),
          post({ title: 'Hora en texto', scheduledDate: '2025-03-08', time: 'a media tarde' }),
        ],
      },
      ctx,
    );
    expect(plan.posts.map((p) => [p.scheduledDate, p.platform, p.time])).toEqual([
      ['2025-03-05', 'instagram', '08:45'],
      ['2025-03-06', 'facebook', '13:00'],
      ['2025-03-07', 'youtube', '18:00'],
      ['2025-03-08', 'instagram', '19:00'],
    ]);
    expect(plan.dropped).toEqual([]);
  });

  it('maps platform aliases and drops networks that are unknown or not offered', () => {
    expect(normalizePlatform('Twitter')).toBe('x');
    expect(normalizePlatform('X (Twitter)')).toBe('x');
    expect(normalizePlatform('IG')).toBe('instagram');
    expect(normalizePlatform('Linked In')).toBe('linkedin');
    expect(normalizePlatform('MySpace')).toBeNull();
    const plan = repairPlan({ title: 'Plan', posts: [post(), post({ platform: 'MySpace' }), post({ platform: 'linkedin', title: 'Otra' })] }, ctx);
    expect(plan.posts).toHaveLength(1);
    expect(plan.dropped).toEqual([
      { index: 1, reason: 'platform' },
      { index: 2, reason: 'platform' },
    ]);
  });

  it('drops posts outside the month, before notBefore, or with impossible dates', () => {
    const plan = repairPlan(
      {
        title: 'Plan',
        posts: [
          post({ scheduledDate: '2025-02-28' }),
          post({ scheduledDate: '2025-04-01' }),
          post({ scheduledDate: '2025-02-29' }),
          post({ scheduledDate: 'el 5 de marzo' }),
          post({ scheduledDate: '2025-03-09' }),
          post({ scheduledDate: '2025-03-10', title: 'Otra' }),
        ],
      },
      { ...ctx, notBefore: '2025-03-10' },
    );
    expect(plan.posts.map((p) => p.scheduledDate)).toEqual(['2025-03-10']);
    expect(plan.dropped.map((d) => d.reason)).toEqual(['outsideMonth', 'outsideMonth', 'date', 'date', 'outsideMonth']);
  });

  it('drops duplicates (same day, network and title) and posts about a topic to avoid', () => {
    const brand = { topicsToAvoid: 'política, fútbol' };
    const plan = repairPlan(
      {
        title: 'Plan',
        posts: [post(), post({ title: 'NOVEDADES de primavera!', content: 'Otro texto' }), post({ title: 'Hablemos de política', scheduledDate: '2025-03-06' }), post({ content: 'El partido de fútbol', scheduledDate: '2025-03-07' })],
      },
      { ...ctx, brand },
    );
    expect(plan.posts).toHaveLength(1);
    expect(plan.dropped.map((d) => d.reason)).toEqual(['duplicate', 'topicToAvoid', 'topicToAvoid']);
  });

  it(`keeps at most ${MAX_PLAN_POSTS} posts, the earliest`, () => {
    const posts = Array.from({ length: 45 }, (_, i) => post({ title: `Publicación ${i}`, scheduledDate: `2025-03-${String((i % 31) + 1).padStart(2, '0')}` }));
    const plan = repairPlan({ title: 'Plan', posts }, ctx);
    expect(plan.posts).toHaveLength(MAX_PLAN_POSTS);
    expect(plan.dropped.filter((d) => d.reason === 'overLimit')).toHaveLength(45 - MAX_PLAN_POSTS);
    expect(plan.posts.map((p) => p.scheduledDate)).toEqual([...plan.posts.map((p) => p.scheduledDate)].sort());
  });

  it('names an untitled plan after its month', () => {
    expect(repairPlan({ title: '   ', posts: [post()] }, ctx).title).toBe('Plan de contenidos de Marzo 2025');
  });

  it('rejects an answer with no usable post', () => {
    const bad = { title: 'Plan', posts: [post({ scheduledDate: '2024-03-05' }), post({ platform: 'fax' }), post({ title: '', content: '  ' })] };
    expect(() => repairPlan(bad, ctx)).toThrow(PlanRejected);
    expect(() => repairPlan({ title: 'Plan', posts: [] }, ctx)).toThrow(PLAN_MSG.planNoValidPosts);
  });

  it('whatever the answer, keeps only publishable posts of the month on offered networks, or rejects it', () => {
    const networks = fc.subarray([...SOCIAL_NETWORKS], { minLength: 1 });
    const text = fc.oneof(fc.string({ maxLength: 40 }), fc.lorem({ maxCount: 8 }), fc.string({ minLength: 3000, maxLength: 3300 }));
    const date = fc.oneof(
      fc.date({ min: new Date('2025-01-01'), max: new Date('2025-05-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
      fc.date({ min: new Date('2025-02-20'), max: new Date('2025-04-10'), noInvalidDate: true }).map((d) => d.toISOString()),
      fc.string({ maxLength: 12 }),
    );
    const platform = fc.oneof(fc.constantFrom(...SOCIAL_NETWORKS, 'Twitter', 'IG', 'Instagram', 'fax', ''), fc.string({ maxLength: 10 }));
    const time = fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('19:00', '9:05', '24:00', '07.30', '23:59:59'));
    const answer = fc.record({ title: text, posts: fc.array(fc.record({ title: text, content: text, scheduledDate: date, time, platform }, { requiredKeys: ['title', 'content', 'scheduledDate', 'platform'] }), { maxLength: 60 }) });
    fc.assert(
      fc.property(answer, networks, (value, offered: SocialNetwork[]) => {
        const context = { ...ctx, networks: offered, notBefore: '2025-03-03' };
        let plan;
        try {
          plan = repairPlan(value, context);
        } catch (error) {
          return error instanceof PlanRejected;
        }
        const keys = new Set(plan.posts.map((p) => `${p.scheduledDate}|${p.platform}|${p.title.toLowerCase()}`));
        return (
          plan.posts.length >= 1 &&
          plan.posts.length <= MAX_PLAN_POSTS &&
          plan.budget === 300 &&
          plan.title.length > 0 &&
          [...plan.title].length <= PLAN_TITLE_MAX &&
          keys.size === plan.posts.length &&
          plan.posts.every(
            (p) =>
              p.scheduledDate >= '2025-03-03' &&
              p.scheduledDate <= '2025-03-31' &&
              offered.includes(p.platform) &&
              p.title.trim() === p.title &&
              isPostTime(p.time) &&
              p.title.length > 0 &&
              p.content.trim().length > 0 &&
              [...p.title].length <= POST_LIMITS.title &&
              [...p.content].length <= POST_LIMITS.content,
          ) &&
          plan.posts.length + plan.dropped.length === value.posts.length
        );
      }),
      { numRuns: 300 },
    );
  });

  it('is idempotent: repairing a repaired plan changes nothing', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ title: fc.lorem({ maxCount: 6 }), content: fc.lorem({ maxCount: 30 }), day: fc.integer({ min: 1, max: 31 }), platform: fc.constantFrom('instagram', 'Facebook', 'YT') }), { minLength: 1, maxLength: 40 }), (raw) => {
        const answer = { title: 'Plan', posts: raw.map((r) => ({ title: r.title, content: r.content, scheduledDate: `2025-03-${String(r.day).padStart(2, '0')}`, platform: r.platform })) };
        let once;
        try {
          once = repairPlan(answer, ctx);
        } catch (error) {
          return error instanceof PlanRejected;
        }
        const twice = repairPlan({ title: once.title, posts: once.posts }, ctx);
        expect(twice.posts).toEqual(once.posts);
        expect(twice.dropped).toEqual([]);
        return true;
      }),
      { numRuns: 100 },
    );
  });
});

describe('normalizers', () => {
  it.each([
    ['2025-03-05', '2025-03-05'],
    ['2025-3-5', '2025-03-05'],
    [' 2025-03-05T10:00:00+01:00', '2025-03-05'],
    ['2025-03-05 10:00', '2025-03-05'],
    ['2025-02-30', null],
    ['05/03/2025', null],
    ['2025-03-050', null],
  ])('date %j → %j', (value, expected) => {
    expect(normalizeDate(value)).toBe(expected);
  });

  it('caps text at a word boundary with an ellipsis, counting characters not bytes', () => {
    expect(capText('corto', 10)).toBe('corto');
    expect(capText('una frase bastante larga para cortar', 20)).toBe('una frase bastante…');
    expect([...capText('ñ'.repeat(50), 10)].length).toBe(10);
  });
});
