/**
 * The 'Reglas de respuesta' form (issue 14 item 3): InboxRules to the form and back, the topics one
 * per line, the weekday toggles, the hours preview, and each validation problem placed on its field.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_INBOX_RULES, INBOX_MSG, MAX_HUMAN_TOPICS, type InboxRules } from '@director-ia/shared';
import {
  DEFAULT_FORM_HOURS,
  fieldOfMessage,
  formToRules,
  hoursPreview,
  rulesProblems,
  rulesToForm,
  toggleDay,
  topicsOf,
} from '../../../../../../web/src/features/inbox/rulesForm';

const rules: InboxRules = {
  modes: { facebook: 'automatic', instagram: 'suggest', telegram: 'off', youtube: 'suggest' },
  businessHours: { days: [5, 1, 2], from: '09:30', to: '17:00' },
  handoffMessage: 'Te atiende una persona.',
  humanTopics: ['reclamaciones', 'precios para empresas'],
};

describe('rulesToForm / formToRules', () => {
  it('round-trips saved rules (days in order)', () => {
    const form = rulesToForm(rules);
    expect(form).toMatchObject({ hoursEnabled: true, days: [1, 2, 5], from: '09:30', to: '17:00', topicsText: 'reclamaciones\nprecios para empresas' });
    expect(formToRules(form)).toEqual({ ...rules, businessHours: { days: [1, 2, 5], from: '09:30', to: '17:00' } });
  });

  it('offers weekday hours when there are none, and saves null while the toggle is off', () => {
    const form = rulesToForm(DEFAULT_INBOX_RULES);
    expect(form).toMatchObject({ hoursEnabled: false, days: [...DEFAULT_FORM_HOURS.days], from: '09:00', to: '18:00' });
    expect(formToRules(form)).toEqual(DEFAULT_INBOX_RULES);
    expect(formToRules({ ...form, hoursEnabled: true }).businessHours).toEqual({ days: [1, 2, 3, 4, 5], from: '09:00', to: '18:00' });
  });

  it('trims the hand-off message and drops blank topic lines', () => {
    const form = { ...rulesToForm(rules), handoffMessage: '  Hola  ', topicsText: ' quejas \r\n\n  envíos\n   ' };
    expect(formToRules(form)).toMatchObject({ handoffMessage: 'Hola', humanTopics: ['quejas', 'envíos'] });
  });

  it('does not share arrays or objects with the rules it came from', () => {
    const form = rulesToForm(rules);
    form.modes.facebook = 'off';
    form.days.push(7);
    expect(rules.modes.facebook).toBe('automatic');
    expect(rules.businessHours?.days).toEqual([5, 1, 2]);
  });
});

describe('topicsOf and toggleDay', () => {
  it('splits lines', () => {
    expect(topicsOf('')).toEqual([]);
    expect(topicsOf('a\nb')).toEqual(['a', 'b']);
  });

  it('adds and removes a day, keeping the order', () => {
    expect(toggleDay([1, 5], 3)).toEqual([1, 3, 5]);
    expect(toggleDay([1, 3, 5], 3)).toEqual([1, 5]);
  });
});

describe('hoursPreview', () => {
  it('reads valid hours as the server describes them', () => {
    expect(hoursPreview({ days: [1, 2, 3, 4, 5], from: '09:00', to: '18:00' })).toEqual({ valid: true, text: 'de lunes a viernes de 09:00 a 18:00' });
  });

  it.each([
    { days: [], from: '09:00', to: '18:00' },
    { days: [1], from: '18:00', to: '09:00' },
    { days: [1], from: '', to: '18:00' },
  ])('says what is wrong with invalid hours (%o)', (hours) => {
    expect(hoursPreview(hours)).toEqual({ valid: false, text: INBOX_MSG.invalidHours });
  });
});

describe('rulesProblems', () => {
  it('is empty for valid rules', () => {
    expect(rulesProblems(rules)).toEqual({});
    expect(rulesProblems(DEFAULT_INBOX_RULES)).toEqual({});
  });

  it('puts each problem on its field', () => {
    const problems = rulesProblems({
      ...rules,
      businessHours: { days: [], from: '25:00', to: '09:00' },
      handoffMessage: ' ',
      humanTopics: Array.from({ length: MAX_HUMAN_TOPICS + 1 }, (_, i) => `tema ${i}`),
    });
    expect(problems).toEqual({ hours: INBOX_MSG.invalidHours, handoff: INBOX_MSG.handoffRequired, topics: INBOX_MSG.topicsInvalid });
  });

  it('flags an unknown mode', () => {
    expect(rulesProblems({ ...rules, modes: { ...rules.modes, telegram: 'loud' as never } })).toEqual({ modes: INBOX_MSG.invalidMode });
  });
});

describe('fieldOfMessage', () => {
  it.each([
    [INBOX_MSG.invalidMode, 'modes'],
    [INBOX_MSG.invalidHours, 'hours'],
    [INBOX_MSG.handoffRequired, 'handoff'],
    [INBOX_MSG.handoffTooLong, 'handoff'],
    [INBOX_MSG.topicsInvalid, 'topics'],
    ['Usuario no autenticado.', null],
  ])('%s → %s', (message, field) => {
    expect(fieldOfMessage(message)).toBe(field);
  });
});
