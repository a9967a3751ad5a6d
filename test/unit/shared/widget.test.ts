/**
 * The widget's shared rules (issue 6 item 1): the contact field (an email or a phone, nothing
 * else), the consent sentence naming the brand, the limits, and the contract's payload checks
 * (consent literally true, message length, ids), as examples and fast-check properties.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CALLABLES,
  classifyContact,
  DEFAULT_WIDGET_DAILY_ANSWERS,
  WIDGET_FALLBACK_BRAND,
  WIDGET_FRAME,
  WIDGET_INPUT_MSG,
  WIDGET_LIMITS,
  widgetBrandName,
  widgetConsentText,
} from '@director-ia/shared';

describe('classifyContact', () => {
  it.each([
    ['ana@example.com', 'email', 'ana@example.com'],
    ['  Ana.Pérez+web@Ejemplo.ES ', 'email', 'Ana.Pérez+web@ejemplo.es'],
    ['lucia_r@sub.dominio-uno.com', 'email', 'lucia_r@sub.dominio-uno.com'],
    ['+34 600 123 456', 'phone', '+34 600 123 456'],
    ['600123456', 'phone', '600123456'],
    ['(91) 555-12-34', 'phone', '(91) 555-12-34'],
    ['+34  600   123 456', 'phone', '+34 600 123 456'],
  ])('accepts %j as %s', (raw, type, value) => {
    expect(classifyContact(raw)).toEqual({ type, value });
  });

  it.each([
    '',
    '   ',
    'ana',
    'ana@',
    '@example.com',
    'ana@example',
    'ana@@example.com',
    'ana example@example.com',
    'ana@exa mple.com',
    '<script>@x.com',
    '12345',
    '1234567890123456',
    '600 123 abc',
    '++34600123456',
    '600+123456',
    'llámame mañana',
    `${'a'.repeat(250)}@x.com`,
  ])('refuses %j', (raw) => {
    expect(classifyContact(raw)).toBeNull();
  });

  it('accepts every phone of 7 to 15 digits, with or without +, spaces or dashes', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 7, maxLength: 15 }), fc.constantFrom('', ' ', '-', '.'), (plus, digits, sep) => {
        const raw = `${plus ? '+' : ''}${digits.join(sep)}`;
        const result = classifyContact(raw);
        expect(result?.type).toBe('phone');
        expect(result?.value.replace(/\D/g, '')).toBe(digits.join(''));
      }),
    );
  });

  it('never accepts text without @ and with letters', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 60 }), (raw) => {
        fc.pre(!raw.includes('@') && /\p{L}/u.test(raw));
        expect(classifyContact(raw)).toBeNull();
      }),
    );
  });

  it('accepts generated emails and keeps their local part', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        fc.pre(email.length <= WIDGET_LIMITS.maxContactLength && /^[^\s@"<>(),;:\\[\]]{1,64}@/.test(email) && /\.[A-Za-z]{2,24}$/.test(email));
        const result = classifyContact(email);
        expect(result?.type).toBe('email');
        expect(result?.value.split('@')[0]).toBe(email.slice(0, email.lastIndexOf('@')));
      }),
    );
  });
});

describe('the consent sentence', () => {
  it('names the brand and the data protection rules, in Spanish', () => {
    const text = widgetConsentText('Panadería Ñandú');
    expect(text).toContain('Panadería Ñandú');
    expect(text).toMatch(/protección de datos/);
    expect(text).toMatch(/RGPD/);
    expect(text).toMatch(/^Acepto que /);
  });

  it('uses the configured brand name, or a neutral fallback', () => {
    expect(widgetBrandName('  Taller   Peña ')).toBe('Taller Peña');
    expect(widgetBrandName('')).toBe(WIDGET_FALLBACK_BRAND);
    expect(widgetBrandName(undefined)).toBe(WIDGET_FALLBACK_BRAND);
  });
});

describe('limits', () => {
  it('are documented numbers the server and the web share', () => {
    expect(WIDGET_LIMITS).toMatchObject({ maxMessageLength: 400, maxVisitorMessages: 20, ipSendsPerMinute: 20, brandSendsPerMinute: 60 });
    expect(DEFAULT_WIDGET_DAILY_ANSWERS).toBe(500);
    expect(WIDGET_FRAME).toEqual({ width: 350, height: 500, offsetPx: 20 });
  });
});

describe('the contract payloads', () => {
  const uid = '7d3f0a52-0000-4000-8000-00000000abcd';
  const lead = { uid, conversationId: null, name: 'Lucía', contact: 'lucia@example.com' };
  const message = CALLABLES.enviarMensajeWidget.input;
  const register = CALLABLES.registrarLeadWidget.input;

  it('are public callables', () => {
    expect([CALLABLES.obtenerWidget.access, CALLABLES.enviarMensajeWidget.access, CALLABLES.registrarLeadWidget.access]).toEqual(['public', 'public', 'public']);
  });

  it('consent must be literally true', () => {
    expect(register.safeParse({ ...lead, consent: true }).success).toBe(true);
    for (const consent of [false, 'true', 1, null, undefined]) {
      const result = register.safeParse({ ...lead, consent });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(WIDGET_INPUT_MSG.consentRequired);
    }
    const { success } = register.safeParse(lead);
    expect(success).toBe(false);
  });

  it('the contact must be an email or a phone, the name present', () => {
    expect(register.safeParse({ ...lead, consent: true, contact: 'mañana' }).error?.issues[0]?.message).toBe(WIDGET_INPUT_MSG.contactInvalid);
    expect(register.safeParse({ ...lead, consent: true, name: '   ' }).error?.issues[0]?.message).toBe(WIDGET_INPUT_MSG.nameRequired);
  });

  it(`a message is 1 to ${WIDGET_LIMITS.maxMessageLength} characters after trimming`, () => {
    const ok = message.safeParse({ uid, conversationId: null, message: `  ${'a'.repeat(WIDGET_LIMITS.maxMessageLength)}  ` });
    expect(ok.success && ok.data.message.length).toBe(WIDGET_LIMITS.maxMessageLength);
    expect(message.safeParse({ uid, conversationId: null, message: 'a'.repeat(WIDGET_LIMITS.maxMessageLength + 1) }).error?.issues[0]?.message).toBe(
      WIDGET_INPUT_MSG.messageTooLong(WIDGET_LIMITS.maxMessageLength),
    );
    expect(message.safeParse({ uid, conversationId: null, message: '   ' }).error?.issues[0]?.message).toBe(WIDGET_INPUT_MSG.messageRequired);
  });

  it('ids must look like ours: a brand uid and a server conversation id', () => {
    expect(message.safeParse({ uid: 'user#x', conversationId: null, message: 'hola' }).success).toBe(false);
    expect(message.safeParse({ uid, conversationId: 'abc#', message: 'hola' }).success).toBe(false);
    expect(message.safeParse({ uid, conversationId: '0123456789abcdefghij', message: 'hola' }).success).toBe(true);
    expect(message.safeParse({ uid, conversationId: null, message: 'hola', extra: 1 }).success).toBe(false);
  });
});
