/** Interest and small-talk detection of widget messages (issue 6 item 1). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSmallTalk, showsInterest } from '../../../../../lambdas/core/widget/interest';

describe('showsInterest', () => {
  it.each([
    '¿Cuánto cuesta una tarta de cumpleaños?',
    '¿Qué precio tiene la revisión?',
    'Quiero pedir presupuesto para una reforma',
    'Me interesa el curso de marzo',
    '¿Puedo reservar mesa para el sábado?',
    'Quisiera una cita con vosotros',
    'Quiero contratar el servicio',
    '¿Me podéis llamar?',
    'Llamadme mañana por favor',
    '¿Tenéis WhatsApp?',
    'Os dejo mi email',
    'Dame vuestro teléfono',
    '¿Hay algún descuento este mes?',
    'Quiero hablar con una persona',
    '¿Hacéis encargos? Quiero encargar una tarta',
    'COMPRAR',
    '¿Cuanto valen?',
  ])('sees interest in %j', (message) => {
    expect(showsInterest(message)).toBe(true);
  });

  it.each(['Hola', '¿Qué horario tenéis?', '¿Dónde estáis?', '¿Hacéis pan sin gluten?', 'Gracias', 'Me encanta vuestro logo', 'apreciamos el servicio', 'escitas'])(
    'sees none in %j',
    (message) => {
      expect(showsInterest(message)).toBe(false);
    },
  );

  it('is a pure function of the text, whatever the case or accents', () => {
    fc.assert(
      fc.property(fc.constantFrom('precio', 'reservar', 'teléfono', 'contratar'), fc.string({ maxLength: 30 }), fc.string({ maxLength: 30 }), (word, before, after) => {
        const text = `${before} ${word} ${after}`;
        expect(showsInterest(text)).toBe(showsInterest(text.toUpperCase()));
        expect(showsInterest(`${before.replace(/\w/g, '')} ${word.toUpperCase()} .`)).toBe(true);
      }),
    );
  });
});

describe('isSmallTalk', () => {
  it.each(['Hola', '¡Hola!', 'buenas tardes', 'Hola, buenos días', 'Muchas gracias!!', 'vale, gracias', 'Adiós', 'hasta luego :)'])('%j is small talk', (message) => {
    expect(isSmallTalk(message)).toBe(true);
  });

  it.each(['Hola, ¿qué horario tenéis?', '¿Hacéis tartas?', '', 'gracias por el precio, ¿y el envío?'])('%j is not', (message) => {
    expect(isSmallTalk(message)).toBe(false);
  });

  it('stays fast on long repetitive input', () => {
    const started = performance.now();
    isSmallTalk(`${'hola '.repeat(80)}?x`);
    isSmallTalk('gracias'.repeat(60));
    expect(performance.now() - started).toBeLessThan(200);
  });
});
