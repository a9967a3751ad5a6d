/**
 * The purpose of a sealed secret's field (issue 16 finding 5): the IAM wildcard patterns of
 * shared SECRET_PURPOSE_FIELDS read as regular expressions, the same match the KMS grants'
 * `kms:EncryptionContext:field` conditions make. Kept apart from ./seal.ts, which is loaded lazily
 * and must not reach shared's index.
 */
import { SECRET_PURPOSE_FIELDS, type SecretPurpose } from '@director-ia/shared';
import type { PurposedContext, SecretContext } from './seal';

const globPattern = (glob: string) => new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
const PURPOSE_PATTERNS = Object.entries(SECRET_PURPOSE_FIELDS).map(([purpose, globs]) => ({ purpose: purpose as SecretPurpose, patterns: globs.map(globPattern) }));

/** The purpose of a settings field (the IAM patterns of SECRET_PURPOSE_FIELDS); throws for a field of none. */
export function purposeOf(field: string): SecretPurpose {
  const found = PURPOSE_PATTERNS.find(({ patterns }) => patterns.some((pattern) => pattern.test(field)));
  if (!found) throw new Error(`The secret field ${field} has no purpose: add it to SECRET_PURPOSE_FIELDS.`);
  return found.purpose;
}

/** `context` with its field's purpose, as ./seal.ts seals and opens it; throws as `purposeOf`. */
export function withPurpose(context: SecretContext): PurposedContext {
  return { ...context, purpose: purposeOf(context.field) };
}
