/** Dashboard page keys and top-bar labels (spec section 2). 'conoceme' is default and fallback. */
export const PAGES = [
  { key: 'conoceme', label: 'Conóceme', title: 'Conóceme' },
  { key: 'ia_config', label: 'Constructor IA', title: 'Constructor de IA' },
  { key: 'aprendizaje', label: 'Base de Aprendizaje', title: 'Base de Aprendizaje de la IA' },
  { key: 'taller', label: 'Taller IA', title: 'Taller / Laboratorio IA' },
  { key: 'blog', label: 'Blog', title: 'Gestor del Blog' },
  { key: 'redes', label: 'Redes Sociales', title: 'Conectar Redes Sociales' },
  { key: 'calendario', label: 'Plan de Contenidos', title: 'Plan de Contenidos' },
  { key: 'integraciones', label: 'Integraciones', title: 'Integraciones y Conexiones' },
  { key: 'campanas', label: 'Campañas', title: 'Campañas' },
  { key: 'leads', label: 'Leads', title: 'Gestión de Leads' },
  { key: 'bandeja', label: 'Bandeja', title: 'Bandeja de mensajes' },
  { key: 'admin', label: 'Admin', title: 'Panel de Administración', adminOnly: true },
] as const;

export type PageKey = (typeof PAGES)[number]['key'];
export const DEFAULT_PAGE: PageKey = 'conoceme';

/** The page to show for a requested key: unknown keys, and 'admin' for non-admins, fall back. */
export function resolvePageKey(requested: string | null | undefined, isAdmin: boolean): PageKey {
  const page = PAGES.find((p) => p.key === requested);
  if (!page) return DEFAULT_PAGE;
  if ('adminOnly' in page && page.adminOnly && !isAdmin) return DEFAULT_PAGE;
  return page.key;
}
