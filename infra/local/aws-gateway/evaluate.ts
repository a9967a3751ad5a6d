/**
 * IAM evaluation of one authorization request against a principal's identity policies with
 * @cloud-copilot/iam-simulate: same account, no SCPs, RCPs or boundaries; a resource policy only
 * where the service needs one to honour identity policies at all (a KMS key policy).
 *
 * Two adjustments to the simulator, both following AWS:
 * - an action that takes no resource type (e.g. transcribe:StartTranscriptionJob) is evaluated on
 *   `*`, as AWS does, whatever resource the request names;
 * - iam-simulate drops `kms:EncryptionContext:<key>` from the request context (it only recognises
 *   `prefix/<variable>` keys, not `prefix:<variable>`), so when it reports them ignored the request
 *   is evaluated again, unvalidated, with them put back.
 */
import { isWildcardOnlyAction, runSimulation, runUnsafeSimulation, type Simulation, type SimulationErrors } from '@cloud-copilot/iam-simulate';
import type { AuthorizationRequest, ContextValue, GatewayPrincipal } from './types';

export type EvaluationOutcome = 'Allowed' | 'ExplicitlyDenied' | 'ImplicitlyDenied' | 'Invalid';

export interface Evaluation {
  outcome: EvaluationOutcome;
  allowed: boolean;
  /** The resource evaluated ('*' for actions without resource types). */
  resource: string;
  /** Why the simulator refused the input (outcome 'Invalid'); never contains credentials. */
  error?: string;
}

/** The session ARN a role's function runs as: arn:aws:sts::<account>:assumed-role/<roleName>/<session>. */
export function sessionArnOf(roleArn: string, sessionName: string): string {
  const match = /^arn:([^:]+):iam::(\d+):role\/(?:.*\/)?([^/]+)$/.exec(roleArn);
  if (!match) return roleArn;
  const [, partition, account, roleName] = match;
  return `arn:${partition}:sts::${account}:assumed-role/${roleName}/${sessionName}`;
}

const TIME_KEYS = new Set(['aws:currenttime', 'aws:epochtime']);
const MAX_CACHED = 10_000;

/** A registered principal with what evaluating its requests needs (cache per registration). */
export class PrincipalEvaluator {
  readonly sessionArn: string;
  private readonly policies: Simulation['identityPolicies'];
  /** The policies as lower-case text: a context key they never mention cannot change a decision. */
  private readonly policyText: string;
  /** Policies that read the time cannot be cached without the time in the key. */
  private readonly cacheable: boolean;
  /** Only policies that test kms:EncryptionContext:<key> need the second evaluation. */
  private readonly readsEncryptionContext: boolean;
  private readonly cache = new Map<string, Evaluation>();

  constructor(
    readonly principal: GatewayPrincipal,
    private readonly accountId: string,
  ) {
    this.sessionArn = sessionArnOf(principal.roleArn, principal.name);
    this.policies = principal.policies.map(({ name, document }) => ({ name, policy: document }));
    this.policyText = JSON.stringify(this.policies).toLowerCase();
    this.cacheable = !/aws:(currenttime|epochtime)/.test(this.policyText);
    this.readsEncryptionContext = this.policyText.includes('kms:encryptioncontext:');
  }

  /**
   * Evaluates one request; `region` is the one the request was signed for. Results are cached per
   * action, resource, resource policy and the context keys the policies mention.
   */
  async evaluate(request: AuthorizationRequest, region: string): Promise<Evaluation> {
    const context: Record<string, ContextValue> = { ...this.globalContext(region), ...request.context };
    const key = this.cacheable ? this.cacheKey(request, context) : undefined;
    const cached = key === undefined ? undefined : this.cache.get(key);
    if (cached) return cached;
    const evaluation = await this.simulate(request, context);
    if (key !== undefined) {
      if (this.cache.size >= MAX_CACHED) this.cache.clear();
      this.cache.set(key, evaluation);
    }
    return evaluation;
  }

  private cacheKey(request: AuthorizationRequest, context: Record<string, ContextValue>): string {
    const resourcePolicy = request.resourcePolicy ? JSON.stringify(request.resourcePolicy).toLowerCase() : '';
    const relevant = Object.entries(context)
      .filter(([name]) => {
        const lower = name.toLowerCase();
        return !TIME_KEYS.has(lower) && (this.policyText.includes(lower) || resourcePolicy.includes(lower));
      })
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return JSON.stringify([request.action, request.resource, resourcePolicy, relevant]);
  }

  private globalContext(region: string): Record<string, ContextValue> {
    const now = new Date();
    return {
      'aws:SecureTransport': 'true',
      'aws:CurrentTime': now.toISOString(),
      'aws:EpochTime': String(Math.floor(now.getTime() / 1000)),
      'aws:PrincipalArn': this.principal.roleArn,
      'aws:PrincipalAccount': this.accountId,
      'aws:PrincipalType': 'AssumedRole',
      'aws:RequestedRegion': region,
    };
  }

  private async simulate(request: AuthorizationRequest, context: Record<string, ContextValue>): Promise<Evaluation> {
    const [service = '', action = ''] = request.action.split(':');
    let resource = request.resource;
    try {
      if (await isWildcardOnlyAction(service, action)) resource = '*';
    } catch {
      // Unknown action: runSimulation reports it below.
    }
    const simulation: Simulation = {
      request: { principal: this.sessionArn, action: request.action, resource: { resource, accountId: this.accountId }, contextVariables: context },
      identityPolicies: this.policies,
      serviceControlPolicies: [],
      resourceControlPolicies: [],
      ...(request.resourcePolicy ? { resourcePolicy: request.resourcePolicy } : {}),
    };
    const result = await runSimulation(simulation, {});
    if (result.resultType === 'error') {
      return { outcome: 'Invalid', allowed: false, resource, error: describeErrors(result.errors) };
    }
    let outcome: EvaluationOutcome = result.overallResult;
    const ignored = result.resultType === 'single' ? (result.result.ignoredContextKeys ?? []) : result.results.flatMap((r) => r.ignoredContextKeys ?? []);
    const dropped = ignored.filter((name) => /^kms:EncryptionContext:/i.test(name));
    const readsContext = this.readsEncryptionContext || /kms:EncryptionContext:/i.test(JSON.stringify(request.resourcePolicy ?? {}));
    if (dropped.length > 0 && readsContext && outcome !== 'ExplicitlyDenied') {
      // Put back the encryption context keys, keep out the keys the simulator found not applicable.
      const others = new Set(ignored.filter((name) => !dropped.includes(name)));
      const contextVariables = Object.fromEntries(Object.entries(context).filter(([name]) => !others.has(name)));
      // runUnsafeSimulation loads a plain resource policy without a name and then reads it; an
      // already-validated policy (iam-policy's ValidatedPolicy shape) carries one.
      const resourcePolicy = request.resourcePolicy ? { __validated: true, policyDocument: request.resourcePolicy, metadata: { name: 'resource-policy' }, errors: [] } : undefined;
      outcome = runUnsafeSimulation({ ...simulation, resourcePolicy, request: { ...simulation.request, contextVariables } }, {});
    }
    return { outcome, allowed: outcome === 'Allowed', resource };
  }
}


function describeErrors(errors: SimulationErrors): string {
  const { message, ...details } = errors;
  const detail = Object.keys(details).length > 0 ? ` ${JSON.stringify(details)}` : '';
  return `${message}${detail}`;
}
