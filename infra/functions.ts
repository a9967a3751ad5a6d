/**
 * Per-function table access: the single place that says what each Lambda may do in DynamoDB.
 * The API construct derives every grant from here, and synth fails when a callable of the
 * contract has no entry, so a new function cannot ship with forgotten (or default) permissions.
 */
import { CALLABLE_NAMES, type CallableName } from '../shared';

/** read = GetItem/BatchGetItem/Query; write = Put/Update/Delete/BatchWrite; no Scan anywhere. */
export type TableAccess = 'read' | 'write' | 'readWrite';

export const FUNCTION_TABLE_ACCESS: Readonly<Record<CallableName, TableAccess>> = {
  // Mirrors isAdmin from the token's groups into the profile, so it also writes.
  obtenerPerfil: 'readWrite',
  guardarTema: 'write',
  // Query on gsi1 (users by status/date).
  listarUsuarios: 'read',
  aprobarUsuario: 'readWrite',
  // Checks the caller is active (profile read); signs an S3 POST, writes nothing.
  solicitarSubida: 'read',
  // Query of the caller's KnowledgeDocument items.
  listarDocumentos: 'read',
  // Reads the record, queries its chunks, batch-deletes chunks and the record.
  eliminarDocumento: 'readWrite',
  // Brand settings: every function also reads the caller's profile (access check).
  obtenerAjustesIA: 'read',
  guardarAjustesIA: 'readWrite',
  obtenerIntegraciones: 'read',
  // Also needs kms:GenerateDataKey on the secrets key (SECRETS_KMS_KEY_ARN), granted in CDK.
  guardarIntegraciones: 'readWrite',
  // Also needs s3:GetObject on users/* of the uploads bucket (presigned header image URL).
  obtenerAjustesBlog: 'read',
  // Transaction: BlogSlug claim put/delete + settings put. Also s3:GetObject (HEAD of the header
  // image, its presigned URL) and s3:DeleteObject (the replaced header image) on users/*.
  guardarAjustesBlog: 'readWrite',
};

/** The PreSignUp trigger only creates the pending profile. */
export const PRE_SIGN_UP_TABLE_ACCESS: TableAccess = 'write';

/**
 * Table access of a callable; throws for a callable without an entry. The Record type already
 * catches this at compile time; the runtime check also covers names added without a type check.
 */
export function tableAccessOf(name: string): TableAccess {
  const access = (FUNCTION_TABLE_ACCESS as Record<string, TableAccess | undefined>)[name];
  if (!access) {
    throw new Error(
      `Callable "${name}" has no table access entry: add it to FUNCTION_TABLE_ACCESS in infra/functions.ts.`,
    );
  }
  return access;
}

/** Checks every callable of the contract up front, listing all that are missing. */
export function assertEveryCallableHasAccess(names: readonly string[] = CALLABLE_NAMES): void {
  const missing = names.filter((name) => !Object.hasOwn(FUNCTION_TABLE_ACCESS, name));
  if (missing.length > 0) {
    throw new Error(
      `Callables without a table access entry in infra/functions.ts: ${missing.join(', ')}.`,
    );
  }
}
