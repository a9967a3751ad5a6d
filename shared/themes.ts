/** Background themes of the side panel (spec section 2); 'default' is the default. */
export const THEMES = [
  { id: 'default', name: 'Grafito Estándar' },
  { id: 'wine', name: 'Rojo Vino' },
  { id: 'grass', name: 'Verde Hierba' },
  { id: 'sea', name: 'Azul Mar' },
  { id: 'sunset', name: 'Atardecer Púrpura' },
  { id: 'amethyst', name: 'Amatista Real' },
] as const;

export type ThemeId = (typeof THEMES)[number]['id'];
export const THEME_IDS = THEMES.map((t) => t.id) as [ThemeId, ...ThemeId[]];
export const DEFAULT_THEME: ThemeId = 'default';
