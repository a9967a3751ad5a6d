/**
 * Plan de Contenidos (spec sections 2 'calendario', 3 "Scheduled post" and "Proposed plan", 4
 * "Scheduled post" and "Monthly plan", 5 monthly budget, 9; issue 5 items 1–2): post statuses and
 * their labels, the limits of a post and of a plan, the budget rule shared by the web (before
 * sending) and the server (before generating), and the Spanish strings of the page.
 * Its messages live here rather than in MSG so the login screen's bundle does not carry them.
 */

/** Statuses a scheduled post is created with (spec 3); any other stored value is shown in red. */
export const POST_STATUSES = ['propuesto', 'aprobado'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
export const POST_STATUS_LABELS: Readonly<Record<PostStatus, string>> = { propuesto: 'Propuesto', aprobado: 'Aprobado' };

export function isPostStatus(value: string): value is PostStatus {
  return (POST_STATUSES as readonly string[]).includes(value);
}

/** Longest title and content of a post, characters (after trimming). */
export const POST_LIMITS = { title: 150, content: 3000 } as const;
/**
 * Most posts one plan may hold: approval writes each post and its id reference plus the
 * proposal's removal in one DynamoDB transaction (at most 100 items).
 */
export const MAX_PLAN_POSTS = 31;
/** Longest plan title, characters. */
export const PLAN_TITLE_MAX = 150;
/** Largest monthly budget accepted, euros. */
export const MAX_BUDGET_EUR = 1_000_000;

/** The spec's budget message (spec 5), for every invalid budget. */
export const BUDGET_INVALID = 'Por favor, introduce un presupuesto válido.';
// The contract's schemas carry these (every Lambda bundle carries every schema of its file).
const postTitleRequired = 'El título de la publicación es obligatorio.';
const postContentRequired = 'El contenido de la publicación es obligatorio.';
const dateInvalid = 'La fecha no es válida: usa el formato AAAA-MM-DD.';
const monthInvalid = 'El mes no es válido: usa el formato AAAA-MM.';
const platformInvalid = 'Elige una red social válida.';

/** Messages of the plan payloads' limits (the contract's schemas carry them). */
export const PLAN_INPUT_MSG = { budgetInvalid: BUDGET_INVALID, postTitleRequired, postContentRequired, dateInvalid, monthInvalid, platformInvalid } as const;

/** Spanish strings of the Plan de Contenidos (spec 4 and 5 strings verbatim). */
export const PLAN_MSG = {
  ...PLAN_INPUT_MSG,
  generatePlan: 'Generar Plan Mensual',
  approvePlan: 'Aprobar Plan',
  rejectPlan: 'Rechazar',
  // Spec 4.
  planRejected: 'Plan de contenidos rechazado. Puedes generar uno nuevo.',
  planApproved: (count: number) => `¡Plan aprobado! ${count === 1 ? 'Se ha programado 1 publicación' : `Se han programado ${count} publicaciones`}.`,
  generating: 'La IA está preparando tu plan de contenidos...',
  offlinePlan: 'Generado sin conexión: sin modelo de IA',
  budgetLabel: 'Presupuesto mensual (€)',
  // Server answers.
  planNotFound: 'Este plan ya no está pendiente: se aprobó, se rechazó o se sustituyó por otro. Genera uno nuevo.',
  planConflict: 'El plan cambió mientras lo aprobabas. Vuelve a intentarlo.',
  planPastMonth: 'Ese mes ya ha pasado: elige el mes actual o uno futuro.',
  planNoValidPosts: 'La IA no propuso ninguna publicación válida para ese mes. Inténtalo de nuevo.',
  postNotFound: 'Publicación no encontrada.',
  postConflict: 'La publicación cambió mientras guardabas. Vuelve a intentarlo.',
  postSaved: 'Publicación guardada.',
  postDeleted: 'Publicación eliminada.',
  noPosts: 'No hay publicaciones programadas este mes. Genera un plan mensual desde el día 1.',
} as const;

/**
 * The budget the owner typed, in euros: a number greater than 0 (spec 5) and at most
 * MAX_BUDGET_EUR, with a decimal comma or point and an optional '€'; rounded to cents. Null when
 * it is not a valid budget.
 */
export function parseBudget(text: string): number | null {
  const cleaned = text.replace(/€/g, '').replace(/\s+/g, '').trim();
  if (!/^\d+(?:[.,]\d+)?$/.test(cleaned)) return null;
  return validBudget(Number(cleaned.replace(',', '.')));
}

/** A budget number rounded to cents when it is valid (finite, > 0, ≤ MAX_BUDGET_EUR), else null. */
export function validBudget(value: number): number | null {
  if (!Number.isFinite(value) || value <= 0 || value > MAX_BUDGET_EUR) return null;
  const cents = Math.round(value * 100) / 100;
  return cents > 0 ? cents : null;
}

/**
 * '1500 €', '15.000 €', '99,50 €': Spanish number format (decimal comma, thousands grouped with
 * dots from five digits, a no-break space before '€'), written out rather than left to `Intl`,
 * whose output depends on the runtime's ICU data (the server and the browser must agree).
 */
export function formatBudget(value: number): string {
  const cents = Math.round(Math.abs(value) * 100);
  const whole = String(Math.floor(cents / 100));
  const grouped = whole.length > 4 ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.') : whole;
  const fraction = cents % 100 === 0 ? '' : `,${String(cents % 100).padStart(2, '0')}`;
  return `${value < 0 ? '-' : ''}${grouped}${fraction}\u00a0€`;
}
