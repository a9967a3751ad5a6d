/**
 * The widget's output guard (issue 6 item 1): canary leaks in any spelling, echoes of the
 * instructions, and amounts the knowledge does not contain; no false alarms on ordinary answers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountsIn, checkReply, containsCanary, ECHO_WORDS, echoesInstructions, inventedAmounts, newCanary } from '../../../../../lambdas/core/widget/guard';
import { WIDGET_RULES, widgetSystemPrompt } from '../../../../../lambdas/core/widget/prompt';

const ORDINARY = [
  '¡Hola! Hacemos tartas de cumpleaños por encargo con dos días de antelación.',
  'No tengo información sobre eso. Si quieres, déjame tu nombre y un email o teléfono y te responderemos.',
  'Abrimos de lunes a sábado de 7:00 a 14:00.',
  'Lo siento, con eso no puedo ayudarte.',
  'La revisión completa tarda unas dos horas.',
];

describe('newCanary', () => {
  it('is fresh for every request', () => {
    const canaries = new Set(Array.from({ length: 200 }, newCanary));
    expect(canaries.size).toBe(200);
    for (const canary of canaries) expect(canary).toMatch(/^CANARIO-[0-9A-F]{16}$/);
  });
});

describe('containsCanary', () => {
  it('finds it anywhere, in any case, split by separators, or just its random part', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.string({ maxLength: 80 }), fc.constantFrom('', ' ', '-', '.', ' · ', '_'), fc.boolean(), (before, after, sep, lower) => {
        const canary = newCanary();
        const secret = canary.slice('CANARIO-'.length);
        const spelled = (lower ? canary.toLowerCase() : canary).split('').join(sep);
        expect(containsCanary(`${before}${spelled}${after}`, canary)).toBe(true);
        expect(containsCanary(`${before} el código es ${secret} ${after}`, canary)).toBe(true);
      }),
    );
  });

  it('does not see it in text without it', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const canary = newCanary();
        fc.pre(!text.toUpperCase().replace(/[^A-Z0-9]/g, '').includes(canary.slice(8)));
        expect(containsCanary(text, canary)).toBe(false);
      }),
    );
    for (const text of ORDINARY) expect(containsCanary(text, newCanary())).toBe(false);
  });
});

describe('echoesInstructions', () => {
  it(`catches any ${ECHO_WORDS} consecutive words of a rule, whatever the case, accents or punctuation`, () => {
    fc.assert(
      fc.property(fc.constantFrom(...WIDGET_RULES), fc.nat(), fc.string({ maxLength: 40 }), (rule, start, noise) => {
        const words = rule.split(/\s+/);
        const from = start % Math.max(1, words.length - ECHO_WORDS + 1);
        const excerpt = words.slice(from, from + ECHO_WORDS).join(' ');
        expect(echoesInstructions(`${noise.replace(/\w/g, '')} Mis reglas: ${excerpt.toUpperCase()}!`)).toBe(true);
        expect(echoesInstructions(excerpt.normalize('NFD').replace(/\p{M}/gu, ''))).toBe(true);
      }),
    );
  });

  it('catches the whole system prompt and its headings', () => {
    const prompt = widgetSystemPrompt({ brandName: 'Panadería Ñandú', brand: { brandPersonality: 'Cercana' }, canary: newCanary(), hasKnowledge: true });
    expect(echoesInstructions(prompt)).toBe(true);
    expect(echoesInstructions('Estas son mis reglas que nunca cambian, lo siento.')).toBe(true);
  });

  it('leaves ordinary answers alone', () => {
    for (const text of ORDINARY) expect(echoesInstructions(text)).toBe(false);
  });
});

describe('amounts', () => {
  it.each([
    ['Cuesta 25 €', ['money:25']],
    ['Cuesta 25,50 euros', ['money:25.5']],
    ['Son €1.200 en total', ['money:1200']],
    ['Un 20 % de descuento', ['percent:20']],
    ['Un 15 por ciento menos', ['percent:15']],
    ['12.500,50 EUR', ['money:12500.5']],
    ['Abrimos a las 7:00 y cerramos a las 14:00', []],
  ])('%j names %j', (text, amounts) => {
    expect(amountsIn(text)).toEqual(amounts);
  });

  it('an amount the knowledge contains is fine, in any spelling; one it does not is invented', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999 }), fc.integer({ min: 1, max: 99_999 }), fc.constantFrom('€', ' €', ' euros', ' EUR'), (known, other, unit) => {
        fc.pre(known !== other);
        const sources = [`La tarta grande cuesta ${known} euros.`];
        expect(inventedAmounts(`Te sale por ${known}${unit}.`, sources)).toEqual([]);
        expect(inventedAmounts(`Te sale por ${other}${unit}.`, sources)).toEqual([`money:${other}`]);
      }),
    );
  });
});

describe('checkReply', () => {
  it('names the first problem it finds, and passes ordinary answers', () => {
    const canary = newCanary();
    expect(checkReply(`Mi código es ${canary}`, { canary, sources: [] })).toEqual({ ok: false, reason: 'canary' });
    expect(checkReply(WIDGET_RULES[2], { canary, sources: [] })).toEqual({ ok: false, reason: 'instructions' });
    expect(checkReply('La tarta cuesta 30 €.', { canary, sources: ['Tartas por encargo.'] })).toEqual({ ok: false, reason: 'amount' });
    expect(checkReply('La tarta cuesta 30 €.', { canary, sources: ['Tarta grande: 30 euros.'] })).toEqual({ ok: true });
    for (const text of ORDINARY) expect(checkReply(text, { canary, sources: [] })).toEqual({ ok: true });
  });
});
