import { describe, expect, it } from 'vitest';
import { PAGES, resolvePageKey, THEMES, DEFAULT_THEME } from '@director-ia/shared';

describe('dashboard pages (spec section 2)', () => {
  it('has the spec\'s eleven page keys and issue 14\'s Bandeja after Leads, with their labels, in order', () => {
    expect(PAGES.map((p) => [p.key, p.label])).toEqual([
      ['conoceme', 'Conóceme'],
      ['ia_config', 'Constructor IA'],
      ['aprendizaje', 'Base de Aprendizaje'],
      ['taller', 'Taller IA'],
      ['blog', 'Blog'],
      ['redes', 'Redes Sociales'],
      ['calendario', 'Plan de Contenidos'],
      ['integraciones', 'Integraciones'],
      ['campanas', 'Campañas'],
      ['leads', 'Leads'],
      ['bandeja', 'Bandeja'],
      ['admin', 'Admin'],
    ]);
  });

  it.each([
    ['taller', false, 'taller'],
    ['admin', true, 'admin'],
    ['admin', false, 'conoceme'],
    ['nope', false, 'conoceme'],
    ['', true, 'conoceme'],
    [null, false, 'conoceme'],
    ['__proto__', true, 'conoceme'],
  ])('resolvePageKey(%j, isAdmin=%s) → %s', (key, isAdmin, expected) => {
    expect(resolvePageKey(key, isAdmin)).toBe(expected);
  });
});

describe('themes (spec section 2)', () => {
  it('has the six themes with their exact names, default first', () => {
    expect(THEMES.map((t) => `${t.id}:${t.name}`)).toEqual([
      'default:Grafito Estándar',
      'wine:Rojo Vino',
      'grass:Verde Hierba',
      'sea:Azul Mar',
      'sunset:Atardecer Púrpura',
      'amethyst:Amatista Real',
    ]);
    expect(DEFAULT_THEME).toBe('default');
  });
});
