/**
 * The twin's AWS gateway: the one endpoint (`AWS_ENDPOINT_URL`) every function of the twin calls
 * AWS through. Per request it identifies the calling function by its SigV4 access key id, works out
 * the IAM authorizations the real service would evaluate, evaluates them against that function's
 * identity policies (iam-simulate) and either answers AccessDenied in the service's own shape or
 * serves the call: DynamoDB and S3 are forwarded unchanged to their emulators, KMS is served
 * in-process for one key, Secrets Manager in-process for the secrets the twin registers,
 * EventBridge Scheduler in-process for one-time schedules that it also fires (./scheduler.ts, with
 * twin-only hooks under `/_twin/scheduler/`), Lambda's asynchronous Invoke in-process for the hosted
 * functions (./lambda.ts), and Bedrock, Polly, Transcribe and Cognito are
 * re-signed for real AWS when developer credentials are configured. Every decision is recorded for
 * grant coverage.
 *
 * Requests signed with a key that is not a registered principal (the twin's own bootstrap code,
 * tests) and unsigned requests (CORS preflights) are served without evaluation.
 */
import { globalSignOut, GLOBAL_SIGN_OUT_TARGET } from './cognito';
import http from 'node:http';
import { credentialFromForm, credentialFromHeaders, credentialFromQuery, parsePostForm, type CredentialScope, type PostForm } from './credential';
import { DYNAMODB_TARGET_PREFIX, dynamoAuthorizations } from './dynamodb';
import { PrincipalEvaluator } from './evaluate';
import { BodyTooLarge, forwardToAws, forwardToUpstream, readBody, sendResponse, type RealAwsCredentials } from './forward';
import { KMS_TARGET_PREFIX, LocalKms } from './kms';
import { LocalLambda, type LocalLambdaOptions } from './lambda';
import { listenHttp1And2, type AnyRequest, type AnyResponse } from './listen';
import {
  COGNITO_TARGET_PREFIX,
  REMOTE_SERVICES,
  SERVICE_NAMES,
  TRANSCRIBE_TARGET_PREFIX,
  bedrockAuthorizations,
  cognitoAuthorizations,
  pollyAuthorizations,
  realHost,
  transcribeAuthorizations,
} from './remote';
import { accessDenied, gatewayError, jsonError, ServiceError, type GatewayResponse } from './responses';
import { s3Authorizations } from './s3';
import { LocalScheduler, SCHEDULER_HOOKS_PREFIX, type SchedulerOptions } from './scheduler';
import { LocalSecrets, SECRETS_MANAGER_TARGET_PREFIX } from './secretsmanager';
import { UnmappedRequest, type AuthorizationRequest, type GatewayDecision, type GatewayPrincipal, type IamPolicyDocument } from './types';

export type { GatewayDecision, GatewayPrincipal, IamPolicyDocument, AuthorizationRequest } from './types';
export { grantCoverage, grantedActions, type GrantCoverage } from './coverage';
export { sessionArnOf } from './evaluate';
export { defaultKeyPolicy } from './kms';
export type { LocalLambdaOptions } from './lambda';
export { fillContextAttributes, type ContextAttributes, type DeadLetter, type DeliveryRecord, type ScheduleView, type SchedulerOptions } from './scheduler';

export interface AwsGatewayOptions {
  /** 0 = pick a free one. */
  port: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** e.g. 'eu-west-1' (used when a request carries no region). */
  region: string;
  /** e.g. '000000000000'. */
  accountId: string;
  /** Base URLs of DynamoDB Local and s3rver; `cognitoIdp` (optional) of cognito-local: when set, allowed cognito-idp calls go there unchanged instead of to AWS. */
  upstreams: { dynamodb: string; s3: string; cognitoIdp?: string };
  /** The one local KMS key (32-byte AES key) and its key policy (default: CDK's, which lets the account's IAM policies grant use). */
  kms: { keyArn: string; masterKey: Buffer; keyPolicy?: IamPolicyDocument };
  /** Secrets Manager secrets by name (SecretString values); more with `putSecret`. */
  secrets?: Record<string, string>;
  /** The local EventBridge Scheduler: where it keeps schedules, how it invokes functions (./scheduler.ts). Default: in memory, no functions. */
  scheduler?: SchedulerOptions;
  /** The local Lambda Invoke API: how an asynchronous invocation reaches a function (./lambda.ts). Default: no functions. */
  lambda?: LocalLambdaOptions;
  /**
   * Credentials for services the twin does not emulate (bedrock, polly, transcribe...): when set,
   * allowed calls are re-signed with them and sent to the real regional endpoint; when unset such
   * calls get a clear 503.
   */
  realAws?: RealAwsCredentials;
  /** Tests only: send re-signed calls to this base URL instead of https://<real host> (Host stays the real one). */
  realAwsEndpointOverride?: string;
  /** Denials, simulator input errors, upstream failures (never credentials, signatures or bodies). Default console.log. */
  log?: (line: string) => void;
}

export interface AwsGateway {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Registers (or replaces) a function's identity; its key pair is also what it signs with. */
  setPrincipal(p: GatewayPrincipal): void;
  removePrincipal(accessKeyId: string): void;
  /** Registers (or gives a new version to) a Secrets Manager secret; returns its full ARN. */
  putSecret(name: string, value: string): string;
  /** Every evaluated authorization, oldest first (at most MAX_DECISIONS, oldest dropped). */
  decisions(): readonly GatewayDecision[];
  /** The local EventBridge Scheduler's controls: start/stop firing, schedules, deliveries, dead letters, forced duplicates, roles, groups. */
  scheduler: Pick<LocalScheduler, 'start' | 'stop' | 'schedules' | 'deliveries' | 'deadLetters' | 'duplicateNext' | 'fire' | 'setRole' | 'setGroups'>;
  stop(): Promise<void>;
}

/** Decisions kept in memory; past this the oldest are dropped. */
export const MAX_DECISIONS = 500_000;

/** Signing names the gateway serves. */
const KNOWN_SERVICES = new Set(['dynamodb', 's3', 'kms', 'secretsmanager', 'scheduler', 'lambda', ...REMOTE_SERVICES]);

function header(req: AnyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The service of an unsigned request, from its JSON target (anything else is S3: browser calls). */
function serviceOfUnsigned(target: string | undefined): string {
  if (target?.startsWith(DYNAMODB_TARGET_PREFIX)) return 'dynamodb';
  if (target?.startsWith(KMS_TARGET_PREFIX)) return 'kms';
  if (target?.startsWith(SECRETS_MANAGER_TARGET_PREFIX)) return 'secretsmanager';
  if (target?.startsWith(TRANSCRIBE_TARGET_PREFIX)) return 'transcribe';
  if (target?.startsWith(COGNITO_TARGET_PREFIX)) return 'cognito-idp';
  return 's3';
}

function parseJson(body: Buffer | undefined): Record<string, unknown> {
  if (!body || body.byteLength === 0) return {};
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    throw new UnmappedRequest('The request body is not valid JSON.');
  }
}

/** Starts the gateway; resolves once it listens (and the IAM data is loaded). */
export async function startAwsGateway(options: AwsGatewayOptions): Promise<AwsGateway> {
  const log = options.log ?? ((line: string) => console.log(line));
  const principals = new Map<string, PrincipalEvaluator>();
  const decisions: GatewayDecision[] = [];
  const kms = new LocalKms(options.kms.keyArn, options.kms.masterKey, options.accountId, options.kms.keyPolicy);
  const secrets = new LocalSecrets(options.region, options.accountId, options.secrets);
  // Decisions of schedule execution roles (setRole) are recorded like the functions'.
  const scheduler = new LocalScheduler(options.region, options.accountId, options.scheduler ?? {}, log, (decision) => record(decision));
  const lambda = new LocalLambda(options.region, options.accountId, options.lambda ?? {});
  const agent = new http.Agent({ keepAlive: true });

  // The first simulation loads iam-data from disk (~50 ms); do it before the first request.
  await new PrincipalEvaluator({ name: 'warm-up', roleArn: `arn:aws:iam::${options.accountId}:role/warm-up`, accessKeyId: '', secretAccessKey: '', policies: [] }, options.accountId).evaluate(
    { action: 'dynamodb:GetItem', resource: `arn:aws:dynamodb:${options.region}:${options.accountId}:table/warm-up` },
    options.region,
  );

  function record(decision: GatewayDecision): void {
    decisions.push(decision);
    if (decisions.length > MAX_DECISIONS) decisions.splice(0, decisions.length - MAX_DECISIONS);
  }

  /** The operation of a JSON 1.1 request to an in-process service (`<prefix><Op>`), or UnmappedRequest. */
  function operationOf(req: AnyRequest, prefix: string, service: string): string {
    const target = header(req, 'x-amz-target') ?? '';
    if (!target.startsWith(prefix)) throw new UnmappedRequest(`Unknown ${service} target ${target}`);
    return target.slice(prefix.length);
  }

  /** The authorizations of a request to `service` (throws UnmappedRequest / ServiceError). */
  function authorizationsOf(service: string, req: AnyRequest, url: URL, scope: CredentialScope, region: string, body: Buffer | undefined, form: PostForm | undefined): AuthorizationRequest[] {
    const method = req.method ?? 'GET';
    const target = header(req, 'x-amz-target') ?? '';
    const { accountId } = options;
    switch (service) {
      case 'dynamodb':
        return dynamoAuthorizations(target, parseJson(body), region, accountId);
      case 's3':
        return s3Authorizations({ method, url, headers: req.headers, via: scope.via, body, form });
      case 'kms':
        return kms.authorizations(operationOf(req, KMS_TARGET_PREFIX, 'KMS'), parseJson(body));
      case 'secretsmanager':
        return secrets.authorizations(operationOf(req, SECRETS_MANAGER_TARGET_PREFIX, 'Secrets Manager'), parseJson(body));
      case 'scheduler':
        return scheduler.authorizations(method, url, parseJson(body));
      case 'lambda':
        return lambda.authorizations(method, url, header(req, 'x-amz-invocation-type'));
      case 'bedrock':
        return bedrockAuthorizations(method, url.pathname, parseJson(body), region, accountId);
      case 'polly':
        return pollyAuthorizations(method, url.pathname, parseJson(body), region, accountId);
      case 'transcribe':
        return transcribeAuthorizations(target, parseJson(body), region, accountId);
      case 'cognito-idp':
        return cognitoAuthorizations(target, parseJson(body), region, accountId);
      default:
        throw new UnmappedRequest(`The local AWS gateway does not serve ${service}.`);
    }
  }

  /** Serves an allowed (or unevaluated) request. */
  async function dispatch(service: string, req: AnyRequest, res: AnyResponse, url: URL, region: string, body: Buffer | undefined): Promise<void> {
    switch (service) {
      case 'dynamodb':
        return forwardToUpstream(options.upstreams.dynamodb, agent, req, res, body);
      case 's3':
        return forwardToUpstream(options.upstreams.s3, agent, req, res, body);
      case 'kms':
        return sendResponse(res, kms.handle(operationOf(req, KMS_TARGET_PREFIX, 'KMS'), parseJson(body)));
      case 'secretsmanager':
        return sendResponse(res, secrets.handle(operationOf(req, SECRETS_MANAGER_TARGET_PREFIX, 'Secrets Manager'), parseJson(body)));
      case 'scheduler':
        return sendResponse(res, scheduler.handle(req.method ?? 'GET', url, parseJson(body)));
      case 'lambda':
        return sendResponse(res, await lambda.handle(req.method ?? 'GET', url, header(req, 'x-amz-invocation-type'), body));
    }
    if (service === 'cognito-idp' && options.upstreams.cognitoIdp && header(req, 'x-amz-target') === GLOBAL_SIGN_OUT_TARGET) {
      return sendResponse(res, await globalSignOut(options.upstreams.cognitoIdp, parseJson(body)));
    }
    if (service === 'cognito-idp' && options.upstreams.cognitoIdp) return forwardToUpstream(options.upstreams.cognitoIdp, agent, req, res, body);
    if (!options.realAws) {
      const message =
        `The local twin does not emulate ${SERVICE_NAMES[service] ?? service} and needs AWS credentials to call it: ` +
        'start the twin with AWS credentials (AWS_PROFILE or AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY) to use the real service.';
      return sendResponse(res, jsonError(service === 'transcribe' || service === 'cognito-idp' ? 'json1.1' : 'rest-json', 503, 'ServiceUnavailableException', message));
    }
    const target = { service, region, host: realHost(service, region), credentials: options.realAws, endpointOverride: options.realAwsEndpointOverride };
    return forwardToAws(target, req, res, body ?? Buffer.alloc(0));
  }

  async function handle(req: AnyRequest, res: AnyResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://gateway.local');
    if (url.pathname.startsWith(SCHEDULER_HOOKS_PREFIX)) return sendResponse(res, scheduler.hook(method, url, await readBody(req)));
    let scope = credentialFromHeaders(req.headers) ?? credentialFromQuery(url);
    let body: Buffer | undefined;
    let form: PostForm | undefined;
    const contentType = header(req, 'content-type') ?? '';
    if (!scope && method === 'POST' && /^multipart\/form-data/i.test(contentType)) {
      // Browser upload with a presigned POST: the credential is a form field.
      body = await readBody(req);
      form = await parsePostForm(body, contentType).catch(() => undefined);
      scope = form ? credentialFromForm(form) : undefined;
    }
    const service = scope?.service ?? serviceOfUnsigned(header(req, 'x-amz-target'));
    if (!KNOWN_SERVICES.has(service)) {
      return sendResponse(res, gatewayError(undefined, 400, `The local AWS gateway does not know the service '${service}' (known: ${[...KNOWN_SERVICES].join(', ')}).`, method));
    }
    const region = scope?.region || options.region;
    // S3 streams object bodies; it needs the body only for POST (DeleteObjects, uploads). JSON services always.
    if (!body && (service !== 's3' || method === 'POST')) body = await readBody(req);

    const principal = scope ? principals.get(scope.accessKeyId) : undefined;
    if (principal && scope) {
      for (const request of authorizationsOf(service, req, url, scope, region, body, form)) {
        const evaluation = await principal.evaluate(request, region);
        record({ principal: principal.principal.name, action: request.action, resource: evaluation.resource, allowed: evaluation.allowed, time: Date.now() });
        if (evaluation.error) log(`[aws-gateway] IAM simulation rejected ${request.action} on ${evaluation.resource} for ${principal.principal.name}: ${evaluation.error}`);
        if (!evaluation.allowed) {
          log(`[aws-gateway] denied ${principal.principal.name}: ${request.action} on ${evaluation.resource} (${evaluation.outcome})`);
          const denial = accessDenied(service, principal.sessionArn, request.action, evaluation.resource, evaluation.outcome === 'ExplicitlyDenied', method);
          if (service === 's3' && req.headers.origin) Object.assign(denial.headers, { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'ETag' });
          return sendResponse(res, denial);
        }
      }
    }
    await dispatch(service, req, res, url, region, body);
  }

  function fail(res: AnyResponse, req: AnyRequest, error: unknown): void {
    const method = req.method ?? 'GET';
    const scope = credentialFromHeaders(req.headers);
    const service = scope?.service ?? serviceOfUnsigned(header(req, 'x-amz-target'));
    let response: GatewayResponse;
    if (error instanceof UnmappedRequest) {
      log(`[aws-gateway] ${method} ${service} not served: ${error.message}`);
      response = gatewayError(service, error.status, error.message, method);
    }
    else if (error instanceof ServiceError) response = error.response();
    else if (error instanceof BodyTooLarge) response = gatewayError(service, 413, error.message, method);
    else {
      const code = (error as NodeJS.ErrnoException | undefined)?.code;
      log(`[aws-gateway] ${method} ${service} failed: ${code ?? (error instanceof Error ? error.message : String(error))}`);
      response = gatewayError(service, 502, `The local AWS gateway could not serve this ${service} request (${code ?? 'internal error'}).`, method);
    }
    if (res.headersSent) res.destroy();
    else sendResponse(res, response);
  }

  const host = options.host ?? '127.0.0.1';
  const server = await listenHttp1And2((req, res) => void handle(req, res).catch((error: unknown) => fail(res, req, error)), options.port, host);

  return {
    url: `http://${host}:${server.port}`,
    setPrincipal(p) {
      principals.set(p.accessKeyId, new PrincipalEvaluator(p, options.accountId));
    },
    removePrincipal(accessKeyId) {
      principals.delete(accessKeyId);
    },
    putSecret: (name, value) => secrets.put(name, value),
    decisions: () => decisions,
    scheduler,
    stop: async () => {
      await scheduler.stop();
      agent.destroy();
      await server.close();
    },
  };
}
