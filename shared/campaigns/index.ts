/** Campañas (issue 15): the campaign budget arithmetic so far (budget.ts). */
export * from './budget';
