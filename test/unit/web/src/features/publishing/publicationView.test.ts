/**
 * How the calendar shows publications (issue 13 item 4): on-its-way states take the aprobado
 * colour, publicado its own green, error and every other state red; a programado publication an
 * hour late reads 'No publicado'; a past post that never had publications reads 'No publicado' per
 * network, a future one shows nothing; due instants read on the brand's clock.
 */
import { describe, expect, it } from 'vitest';
import { PUBLICATION_MSG, PUBLICATION_STATES } from '@director-ia/shared';
import { dueLabel, MISSED_AFTER_MS, publicationChips, publicationTone, shownState } from '../../../../../../web/src/features/publishing/publicationView';
import { publication, scheduledPost } from './fixtures';

// 14 July 2026 19:00 in Madrid (summer time) is 17:00Z.
const DUE = Date.parse('2026-07-14T17:00:00.000Z');

describe('publicationTone', () => {
  it('colours each state', () => {
    expect(Object.fromEntries(PUBLICATION_STATES.map((state) => [state, publicationTone(state)]))).toEqual({
      programado: 'aprobado',
      publicando: 'aprobado',
      publicado: 'publicado',
      error: 'error',
      sin_confirmar: 'other',
      no_publicado: 'other',
    });
  });
});

describe('shownState', () => {
  it('reads a programado publication more than an hour late as no_publicado', () => {
    expect(shownState(publication(), DUE + MISSED_AFTER_MS)).toBe('programado');
    expect(shownState(publication(), DUE + MISSED_AFTER_MS + 1)).toBe('no_publicado');
    expect(shownState(publication({ state: 'publicando' }), DUE + 10 * MISSED_AFTER_MS)).toBe('publicando');
  });
});

describe('publicationChips', () => {
  it('is one chip per publication with its network, state, destination, reason and sandbox mark', () => {
    const post = scheduledPost({
      publications: [
        publication({ state: 'publicado', sandbox: true }),
        publication({ id: 'pub-2', network: 'facebook', targetName: 'Página', state: 'error', reason: PUBLICATION_MSG.accessRevoked('facebook') }),
      ],
    });
    expect(publicationChips(post, DUE, 'Europe/Madrid')).toEqual([
      { key: 'pub-1', network: 'instagram', state: 'publicado', targetName: 'Floristería Alba', reason: null, sandbox: true },
      { key: 'pub-2', network: 'facebook', state: 'error', targetName: 'Página', reason: PUBLICATION_MSG.accessRevoked('facebook'), sandbox: false },
    ]);
  });

  it('says why a late programado publication reads no publicado', () => {
    expect(publicationChips(scheduledPost({ publications: [publication()] }), DUE + 2 * MISSED_AFTER_MS)[0]).toMatchObject({ state: 'no_publicado', reason: PUBLICATION_MSG.notPublished });
  });

  it('marks a past post without publications no publicado on each target network', () => {
    const post = scheduledPost({ targets: [{ network: 'instagram' }, { network: 'x' }, { network: 'instagram', targetId: 'ig-2' }] });
    expect(publicationChips(post, DUE + 1, 'Europe/Madrid').map((chip) => [chip.network, chip.state, chip.reason])).toEqual([
      ['instagram', 'no_publicado', PUBLICATION_MSG.notPublished],
      ['x', 'no_publicado', PUBLICATION_MSG.notPublished],
    ]);
  });

  it('reads the post time in the brand zone', () => {
    // 19:00 in Mexico City is 01:00Z the next day: not past yet at 17:00Z.
    expect(publicationChips(scheduledPost(), DUE + 1, 'America/Mexico_City')).toEqual([]);
  });

  it('shows nothing for a future post not yet published', () => {
    expect(publicationChips(scheduledPost(), DUE - 1, 'Europe/Madrid')).toEqual([]);
  });
});

describe('dueLabel', () => {
  it("is the instant on the brand's wall clock", () => {
    expect(dueLabel('2026-07-14T17:00:00.000Z', 'Europe/Madrid')).toMatch(/14 de julio · 19:00$/);
    expect(dueLabel('2026-07-14T17:00:00.000Z', 'America/Mexico_City')).toMatch(/14 de julio · 11:00$/);
  });
});
