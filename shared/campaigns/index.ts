/** Campañas (issue 15): brief, budget arithmetic, benchmark table, proposal and results shapes. */
export * from './budget';
export * from './brief';
export * from './benchmarks';
export * from './proposal';
export * from './messages';
