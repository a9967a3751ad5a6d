/**
 * Spanish text analysis of the offline provider: normalisation, stemming and the concept map.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeSpanish, normalizeSpanish, stemSpanish, tokenize } from '../../../../../../lambdas/platform/ai/offline/spanish';

describe('normalizeSpanish', () => {
  it.each([
    ['¿Dónde ESTÁIS?', 'donde estais'],
    ['Año, niño y pingüino', 'ano nino y pinguino'],
    ['3,50 € la barra', '3 50 euro la barra'],
    ['  entregas—a   domicilio!! ', 'entregas a domicilio'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeSpanish(input)).toBe(expected);
  });

  it('only ever yields lowercase ASCII letters, digits and single spaces', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const out = normalizeSpanish(text);
        expect(out).toMatch(/^([a-z0-9]+( [a-z0-9]+)*)?$/);
        expect(tokenize(text).join(' ')).toBe(out);
      }),
    );
  });

  it('with keepPunctuation only folds case and accents, for the date reader', () => {
    expect(normalizeSpanish('El 15/3 o el 2026-03-15, MAÑANA', { keepPunctuation: true })).toBe('el 15/3 o el 2026-03-15, manana');
  });
});

describe('stemSpanish', () => {
  it.each([
    // Inflections of one word share a stem.
    ['envio', 'envios'],
    ['entrega', 'entregamos'],
    ['reserva', 'reservar'],
    ['precio', 'precios'],
    ['tarta', 'tartas'],
    ['luz', 'luces'],
    ['traer', 'traerlo'],
    ['mandar', 'mandarmelo'],
    ['abrir', 'abris'],
  ])('%s and %s share a stem', (a, b) => {
    expect(stemSpanish(a)).toBe(stemSpanish(b));
  });

  it.each([
    ['plaza', 'plazo'],
    ['taller', 'talla'],
    ['barrio', 'barra'],
    ['mesa', 'mes'],
    ['tarde', 'tardar'],
    ['valencia', 'vale'],
  ])('%s and %s do not collide', (a, b) => {
    expect(stemSpanish(a)).not.toBe(stemSpanish(b));
  });

  it('never returns an empty stem and is idempotent on its own output length', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,20}$/), (word) => {
        const stem = stemSpanish(word);
        expect(stem.length).toBeGreaterThan(0);
        expect(stem.length).toBeLessThanOrEqual(word.length);
      }),
    );
  });
});

describe('analyzeSpanish concepts', () => {
  it.each([
    ['¿Me lo mandáis a casa?', 'envio'],
    ['¿Cuánto vale?', 'precio'],
    ['¿A qué hora cerráis?', 'horario'],
    ['Quiero que me reembolsen', 'devolucion'],
    ['¿Puedo pedir cita?', 'reserva'],
    ['¿Dónde estáis?', 'ubicacion'],
    ['¿Se puede pagar con Bizum?', 'pago'],
    ['Soy celíaco', 'alergeno'],
  ])('%j → %s', (text, concept) => {
    expect(analyzeSpanish(text).concepts.has(concept)).toBe(true);
  });

  it('drops stopwords from the content stems', () => {
    expect(analyzeSpanish('¿Qué es lo que tenéis para mí?').stems).toEqual([]);
  });
});
