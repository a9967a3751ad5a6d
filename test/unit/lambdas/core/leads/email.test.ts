/**
 * The new-lead notice's words (issue 6 item 2): Spanish subject 'Nuevo lead: {name}', a body with
 * name, contact, source, date and where to find the lead in the dashboard; long or hostile values
 * trimmed to one clean line; and what a failure may log (codes, never messages or credentials).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dashboardUrl, newLeadNotice, noticeDate } from '../../../../../lambdas/core/leads/email';
import { safeErrorFields } from '../../../../../lambdas/core/leads/notify';
import { SITE_URL_ENV } from '@director-ia/shared';

const lead = { name: 'José Pérez', contact: 'jose@correo.es', contactType: 'email', source: 'widget', createdAt: '2026-05-05T10:30:00.000Z' } as const;

describe('newLeadNotice', () => {
  // The deployment's address is not known here (a twin started by the same run sets it).
  beforeEach(() => vi.stubEnv(SITE_URL_ENV, ''));
  afterEach(() => vi.unstubAllEnvs());

  it('says who, how to reach them, where they came from, when, and where to look', () => {
    const { subject, text } = newLeadNotice(lead, 'https://marca.example');
    expect(subject).toBe('Nuevo lead: José Pérez');
    expect(text).toContain('Nombre: José Pérez');
    expect(text).toContain('Contacto: jose@correo.es (correo electrónico)');
    expect(text).toContain('Fuente: Widget web');
    expect(text).toContain('Fecha: martes, 5 de mayo de 2026, 12:30');
    expect(text).toContain('la sección «Leads» de tu panel de Director IA: https://marca.example');
  });

  it('names a phone contact and the mobile chat source', () => {
    const { text } = newLeadNotice({ ...lead, contact: '+34 600 123 456', contactType: 'phone', source: 'chat' }, undefined);
    expect(text).toContain('Contacto: +34 600 123 456 (teléfono)');
    expect(text).toContain('Fuente: Chat móvil');
    expect(text).toContain('la sección «Leads» de tu panel de Director IA.');
    expect(text).not.toContain('http');
  });

  it('keeps hostile or long values on one trimmed line', () => {
    const { subject, text } = newLeadNotice({ ...lead, name: `Ana\r\nBcc: x@y.es\u0007 ${'a'.repeat(400)}` }, undefined);
    expect(subject.startsWith('Nuevo lead: Ana Bcc: x@y.es a')).toBe(true);
    expect([...subject.replace('Nuevo lead: ', '')]).toHaveLength(80);
    expect(subject.endsWith('…')).toBe(true);
    expect(subject).not.toMatch(/[\r\n]/);
    expect(subject).not.toContain('\u0007');
    const nameLine = text.split('\n').find((line) => line.startsWith('Nombre: ')) ?? '';
    expect([...nameLine.replace('Nombre: ', '')]).toHaveLength(300);
  });

  it('still reads well without a name or with a broken date', () => {
    const { subject, text } = newLeadNotice({ ...lead, name: '  ', createdAt: 'ayer' }, undefined);
    expect(subject).toBe('Nuevo lead: Sin nombre');
    expect(text).toContain('Fecha: ayer');
  });
});

describe('dashboardUrl', () => {
  it.each([
    ['https://marca.example/', 'https://marca.example'],
    ['http://localhost:5173', 'http://localhost:5173'],
    ['https://marca.example/app?x=1', 'https://marca.example'],
    ['javascript:alert(1)', undefined],
    ['ftp://marca.example', undefined],
    ['no es una url', undefined],
    [undefined, undefined],
  ])('%s → %s', (value, expected) => {
    expect(dashboardUrl(value)).toBe(expected);
  });
});

describe('noticeDate', () => {
  it('is Madrid time, in Spanish', () => {
    expect(noticeDate('2026-01-15T23:30:00Z')).toBe('viernes, 16 de enero de 2026, 0:30');
  });
});

describe('safeErrorFields', () => {
  it('keeps the name, code, response code and SMTP verb only', () => {
    const error = Object.assign(new Error('Invalid login: 535 user marca@gmail.com pass abcdefghijklmnop'), {
      code: 'EAUTH',
      responseCode: 535,
      command: 'AUTH PLAIN AG1hcmNhQGdtYWlsLmNvbQBhYmNkZWZnaGlqa2xtbm9w',
      response: '535 Username and Password not accepted',
    });
    const fields = safeErrorFields(error);
    expect(fields).toEqual({ errorName: 'Error', code: 'EAUTH', responseCode: 535, command: 'AUTH' });
    expect(JSON.stringify(fields)).not.toMatch(/abcdefghijklmnop|AG1hcmNh|marca@gmail/);
  });

  it('describes what is not an Error by its type', () => {
    expect(safeErrorFields('secret-text')).toEqual({ errorName: 'string' });
  });
});
