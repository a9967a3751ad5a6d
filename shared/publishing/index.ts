/**
 * Publishing rules per network (issue 13 item 2): the limits table, validatePost with its Spanish
 * reasons, and the preview shapes. Light: twitter-text is imported by validatePost on the first X
 * post only (see validate.ts), so re-exporting this from the shared index costs bundles nothing
 * they do not use.
 */
export * from './limits';
export * from './messages';
export * from './validate';
export * from './preview';
export * from './publications';
