/**
 * A local AWS Lambda Invoke API for the twin's functions (issue 14: the webhook hands each stored
 * message to the inbox worker, the publishing sweep re-delivers pending ones, through
 * lambdas/platform/lambda `invokeAsync`). It serves `POST /2015-03-31/functions/{FunctionName}/invocations`
 * (REST-JSON, signing name `lambda`) with `X-Amz-Invocation-Type: Event` only: Lambda's asynchronous
 * invocation, answered 202 with an empty body once the event is queued; the function then runs in
 * the background through `invokeFunction` (the twin's `createAsyncInvoker`, infra/local/schedules.ts,
 * which retries a failed run twice as Lambda does). `RequestResponse` and `DryRun` are answered 501:
 * nothing in lambdas/ calls a function synchronously.
 *
 * IAM is evaluated as AWS does: `lambda:InvokeFunction` on `arn:aws:lambda:<region>:<account>:function:<name>`
 * (with `:<qualifier>` when the request names a version or alias), FunctionName being a name, a full
 * ARN or a partial ARN (`<account>:function:<name>`). A denial is Lambda's AccessDeniedException (403).
 * Errors have the service's shapes: ResourceNotFoundException (404) for a function the twin does not
 * host, InvalidRequestContentException (400) for a payload that is not JSON, RequestTooLargeException
 * (413) past the asynchronous payload limit.
 */
import { randomUUID } from 'node:crypto';
import { ServiceError, type GatewayResponse } from './responses';
import { UnmappedRequest, type AuthorizationRequest } from './types';

/** The Invoke API's path. */
const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;
/** Lambda's limit on an asynchronous invocation's payload (1 MB since 2025; was 256 KB). */
export const MAX_ASYNC_PAYLOAD_BYTES = 1024 * 1024;

export interface LocalLambdaOptions {
  /**
   * Queues `event` for the function `functionArn` names, as Lambda's asynchronous Invoke does:
   * resolves once accepted, rejects with an Error named ResourceNotFoundException when there is no
   * such function. Unset: every function is unknown.
   */
  invokeFunction?: (functionArn: string, event: unknown) => Promise<void>;
}

/** One parsed Invoke request. */
interface InvokeRequest {
  /** The unqualified function ARN. */
  functionArn: string;
  qualifier?: string;
}

const lambdaError = (type: string, status: number, message: string) => new ServiceError(type, message, 'rest-json', status);

/** The local Lambda Invoke API (see the module header). */
export class LocalLambda {
  constructor(
    private readonly region: string,
    private readonly accountId: string,
    private readonly options: LocalLambdaOptions,
  ) {}

  /** The function and qualifier a request names; UnmappedRequest for another path or invocation type. */
  private parse(method: string, url: URL, invocationType: string | undefined): InvokeRequest {
    const match = INVOKE_PATH.exec(url.pathname);
    if (method !== 'POST' || !match) throw new UnmappedRequest(`The local Lambda serves only Invoke (POST /2015-03-31/functions/{FunctionName}/invocations), not ${method} ${url.pathname}.`, 501);
    if ((invocationType ?? 'RequestResponse') !== 'Event') {
      throw new UnmappedRequest(`The local Lambda serves asynchronous invocations only (X-Amz-Invocation-Type: Event), not ${invocationType ?? 'RequestResponse'}.`, 501);
    }
    const id = decodeURIComponent(match[1] ?? '');
    // A name, `<account>:function:<name>[:qualifier]` or `arn:aws:lambda:<region>:<account>:function:<name>[:qualifier]`.
    const arn = /^arn:aws:lambda:([^:]+):(\d{12}):function:([^:]+)(?::([^:]+))?$/.exec(id);
    const partial = /^(\d{12}):function:([^:]+)(?::([^:]+))?$/.exec(id);
    const plain = /^([A-Za-z0-9_-]{1,140})(?::([^:]+))?$/.exec(id);
    const [region, account, name, inlineQualifier] = arn
      ? [arn[1], arn[2], arn[3], arn[4]]
      : partial
        ? [this.region, partial[1], partial[2], partial[3]]
        : plain
          ? [this.region, this.accountId, plain[1], plain[2]]
          : [];
    if (!name) throw lambdaError('ValidationException', 400, `1 validation error detected: Value '${id}' at 'functionName' failed to satisfy constraint`);
    const qualifier = url.searchParams.get('Qualifier') ?? inlineQualifier;
    return { functionArn: `arn:aws:lambda:${region}:${account}:function:${name}`, ...(qualifier ? { qualifier } : {}) };
  }

  /** The IAM authorization of an Invoke request (lambda:InvokeFunction on the function, qualified when it names a qualifier). */
  authorizations(method: string, url: URL, invocationType: string | undefined): AuthorizationRequest[] {
    const request = this.parse(method, url, invocationType);
    return [{ action: 'lambda:InvokeFunction', resource: request.qualifier ? `${request.functionArn}:${request.qualifier}` : request.functionArn }];
  }

  /** Queues an (authorized) asynchronous invocation: 202, or the service's error. */
  async handle(method: string, url: URL, invocationType: string | undefined, body: Buffer | undefined): Promise<GatewayResponse> {
    try {
      const request = this.parse(method, url, invocationType);
      const payload = body ?? Buffer.alloc(0);
      if (payload.byteLength > MAX_ASYNC_PAYLOAD_BYTES) throw lambdaError('RequestTooLargeException', 413, `Request must be smaller than ${MAX_ASYNC_PAYLOAD_BYTES} bytes for the InvokeAsync operation`);
      let event: unknown;
      try {
        event = JSON.parse(payload.toString('utf8') || '{}');
      } catch {
        throw lambdaError('InvalidRequestContentException', 400, 'Could not parse request body into json: Could not parse payload into json');
      }
      if (!this.options.invokeFunction) throw lambdaError('ResourceNotFoundException', 404, `Function not found: ${request.functionArn}`);
      try {
        await this.options.invokeFunction(request.functionArn, event);
      } catch (error) {
        if (error instanceof Error && error.name === 'ResourceNotFoundException') throw lambdaError('ResourceNotFoundException', 404, `Function not found: ${request.functionArn}`);
        throw error;
      }
      return { status: 202, headers: { 'content-type': 'application/json', 'x-amzn-requestid': randomUUID() }, body: '' };
    } catch (error) {
      if (error instanceof ServiceError) return error.response();
      throw error;
    }
  }
}
