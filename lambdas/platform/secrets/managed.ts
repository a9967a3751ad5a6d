/**
 * Secrets stored in AWS Secrets Manager (issue 12: the installation's social network apps), read
 * with Powertools Parameters `getSecret` (JSON transform, cached in the process for
 * SECRET_MAX_AGE_SECONDS). Powertools and the Secrets Manager client are imported on the first
 * call, not when the function loads: most functions of a stack never read such a secret, and a
 * cold start should not pay for it. A failed load is retried on the next call.
 */
import { loadOnce } from '../ai/lazy';

/** How long a read secret is reused before Secrets Manager is asked again, in seconds. */
export const SECRET_MAX_AGE_SECONDS = 300;

const loadSecrets = loadOnce(() => import('@aws-lambda-powertools/parameters/secrets'));

/**
 * The secret `name` (name or ARN) parsed as JSON: any JSON value, for the caller to validate.
 * Rejects when the secret cannot be read (missing, no permission, throttled: Powertools'
 * GetParameterError) or its string is not JSON (TransformParameterError). Neither error carries
 * the secret's value; callers log at most the error's name.
 */
export async function getSecretJson(name: string): Promise<unknown> {
  const { getSecret } = await loadSecrets();
  return getSecret(name, { transform: 'json', maxAge: SECRET_MAX_AGE_SECONDS });
}

/**
 * The secret `name` (name or ARN) as its plain string (issue 14: the webhooks' verify token),
 * cached like `getSecretJson`. Rejects when it cannot be read or holds no string (binary).
 */
export async function getSecretString(name: string): Promise<string> {
  const { getSecret } = await loadSecrets();
  const value = await getSecret(name, { maxAge: SECRET_MAX_AGE_SECONDS });
  if (typeof value !== 'string') throw new TypeError('the secret holds no string');
  return value;
}
