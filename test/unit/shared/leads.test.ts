/**
 * The leads search rule both the server (`listarLeads`) and the page apply (issue 6 item 2): case
 * and accent-insensitive, every word in the name or the contact, phone numbers by their digits;
 * and the leads callables' payload checks (statuses are the stored Spanish words).
 */
import { describe, expect, it } from 'vitest';
import { safeParse } from 'zod/mini';
import { actualizarLead, eliminarLead, filterLeads, LEAD_STATUSES, LEADS_MSG, leadMatches, listarLeads, MAX_LEAD_SEARCH_LENGTH, normalizeSearchText, obtenerConversacion, type LeadStatus } from '@director-ia/shared';

describe('normalizeSearchText', () => {
  it.each([
    ['José Pérez', 'jose perez'],
    ['  MARÍA   Ñúñez\t', 'maria nunez'],
    ['Çedilla Über', 'cedilla uber'],
    ['ana@EJEMPLO.es', 'ana@ejemplo.es'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeSearchText(input)).toBe(expected);
  });
});

const lead = (name: string, contact: string, status: LeadStatus = 'Nuevo') => ({ name, contact, status });

describe('leadMatches', () => {
  const jose = lead('José Pérez', 'jose.perez@correo.es', 'Contactado');
  const lucia = lead('Lucía Martín', '+34 600 123 456');

  it.each([
    ['jose', jose, true],
    ['JOSÉ', jose, true],
    ['perez jose', jose, true],
    ['correo.es', jose, true],
    ['jose martin', jose, false],
    ['lucia', lucia, true],
    ['600 123', lucia, true],
    ['600123456', lucia, true],
    ['+34 600', lucia, true],
    ['999', lucia, false],
    ['   ', lucia, true],
  ])('search %j in %o → %s', (search, item, expected) => {
    expect(leadMatches(item, { search })).toBe(expected);
  });

  it('filters by status, with or without a search', () => {
    expect(leadMatches(jose, { status: 'Contactado' })).toBe(true);
    expect(leadMatches(jose, { status: 'Nuevo' })).toBe(false);
    expect(leadMatches(jose, { status: 'Contactado', search: 'pérez' })).toBe(true);
    expect(leadMatches(jose, { status: 'Contactado', search: 'lucia' })).toBe(false);
  });

  it('keeps the order of the list it filters', () => {
    const list = [lucia, jose, lead('Lucía Gómez', 'lg@x.es')];
    expect(filterLeads(list, { search: 'lucia' }).map((l) => l.name)).toEqual(['Lucía Martín', 'Lucía Gómez']);
    expect(filterLeads(list, {})).toEqual(list);
  });
});

describe('leads callables payloads', () => {
  it('listarLeads takes nothing, a status and/or a search', () => {
    for (const data of [null, undefined, {}, { status: 'Nuevo' }, { search: 'ana' }, { status: 'Interesado', search: '' }]) {
      expect(safeParse(listarLeads.input, data).success, JSON.stringify(data)).toBe(true);
    }
    expect(safeParse(listarLeads.input, { status: 'nuevo' }).success).toBe(false);
    expect(safeParse(listarLeads.input, { uid: 'someone' }).success).toBe(false);
    const long = safeParse(listarLeads.input, { search: 'x'.repeat(MAX_LEAD_SEARCH_LENGTH + 1) });
    expect(long.error?.issues[0]?.message).toBe(LEADS_MSG.searchTooLong);
  });

  it.each(LEAD_STATUSES)('actualizarLead accepts the stored status %s', (status) => {
    expect(safeParse(actualizarLead.input, { id: 'abc', status }).success).toBe(true);
  });

  it.each(['Perdido', 'nuevo', 'CONTACTADO', '', null, 3])('actualizarLead refuses the status %j with a Spanish message', (status) => {
    const result = safeParse(actualizarLead.input, { id: 'abc', status });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(LEADS_MSG.invalidStatus);
  });

  it('needs an id (and nothing else) to delete or read a conversation', () => {
    expect(safeParse(eliminarLead.input, { id: '' }).error?.issues[0]?.message).toBe(LEADS_MSG.missingLead);
    expect(safeParse(eliminarLead.input, {}).success).toBe(false);
    expect(safeParse(eliminarLead.input, { id: 'a', uid: 'b' }).success).toBe(false);
    expect(safeParse(obtenerConversacion.input, { leadId: 'a' }).success).toBe(true);
    expect(safeParse(obtenerConversacion.input, { id: 'a' }).success).toBe(false);
  });
});
