/**
 * Reads a synthesized tenant stack (the CloudFormation template `cdk synth` writes) into what the
 * local twin needs to run it as AWS would (issue 10 item 1): every Node.js Lambda with its bundle
 * directory, handler, environment, timeout, memory and IAM policies; the HTTP API's routes with
 * their authorizer rules; the Cognito triggers, the bucket notifications and the schedules; the
 * EventBridge Scheduler schedule groups and the execution roles the Scheduler assumes (issue 13).
 * CloudFormation values are resolved against the twin's own resources (`TwinResources`), so a
 * reference the twin does not know fails loudly instead of reaching a function as garbage.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** What the twin stands in for each kind of stack resource. */
export interface TwinResources {
  region: string;
  accountId: string;
  stackName: string;
  tableName: string;
  /** Name of the uploads bucket (the one under the `Storage/Uploads` construct). */
  uploadsBucket: string;
  kmsKeyArn: string;
  userPoolId: string;
  userPoolClientId: string;
  /** The twin's web origin, e.g. http://localhost:5173: stands in for the CloudFront site. */
  siteOrigin: string;
  /** Value of Secrets Manager dynamic references (the origin-verify secret). */
  dynamicReferenceValue: string;
  /**
   * The full ARNs of the secrets the twin's Secrets Manager holds, by name: a stack secret with that
   * Name (the Meta webhook verify token, issue 14) is Ref'd as it, so the functions' environment and
   * IAM name the secret the gateway serves.
   */
  secretArns?: Record<string, string>;
}

export interface IamPolicy {
  name: string;
  document: { Version?: string; Statement: unknown[] };
}

/** One Node.js Lambda of the stack, with every CloudFormation value resolved. */
export interface DeployedFunction {
  logicalId: string;
  /** The twin's name: the callable (`obtenerPerfil`), or the entry's file name (`preSignUp`, `blogDrafts`). */
  name: string;
  /** The name in its ARN (`arn:aws:lambda:...:function:<this>`): the template's FunctionName when fixed, else the logical id. */
  physicalName: string;
  /** Absolute path of the bundle directory (holds index.mjs). */
  codeDir: string;
  /** `index.handler`: module file (without extension) and export. */
  handler: string;
  runtime: string;
  timeoutSeconds: number;
  memoryMb: number;
  environment: Record<string, string>;
  roleLogicalId: string;
  policies: IamPolicy[];
}

/** A route of the HTTP API: `POST /api/obtenerPerfil` → function, with its authorizer rule. */
export interface DeployedRoute {
  routeKey: string;
  method: string;
  /** Path template, e.g. `/api/obtenerPerfil` or `/blog/{proxy+}`. */
  path: string;
  functionLogicalId: string;
  authorization: 'NONE' | 'JWT';
  /** Scopes the JWT must carry (one of them), when the route requires any. */
  scopes: string[];
  /**
   * The role API Gateway assumes to invoke the function (the integration's `CredentialsArn`), with
   * its identity policies, and the function's ARN as that policy names it; absent when the
   * function's resource policy allows API Gateway instead.
   */
  credentials?: { role: SchedulerRole; functionArn: string };
}

export interface DeployedJwtAuthorizer {
  audience: string[];
}

export interface S3Notification {
  bucket: string;
  /** e.g. `s3:ObjectCreated:*`. */
  events: string[];
  prefix: string;
  suffix: string;
  functionLogicalId: string;
}

export interface DeployedSchedule {
  logicalId: string;
  expression: string;
  functionLogicalId: string;
  /** The target input, still holding the Scheduler's `<aws.scheduler.scheduled-time>` placeholder. */
  input: string;
}

/** An IAM role a service assumes (EventBridge Scheduler, API Gateway), with its identity policies. */
export interface SchedulerRole {
  roleArn: string;
  policies: IamPolicy[];
}

export interface Deployment {
  functions: DeployedFunction[];
  routes: DeployedRoute[];
  authorizer?: DeployedJwtAuthorizer;
  triggers: Record<string, string>;
  /** The web app client's ExplicitAuthFlows (the twin gives cognito-local's client the same). */
  clientAuthFlows?: string[];
  notifications: S3Notification[];
  schedules: DeployedSchedule[];
  /** Names of the stack's schedule groups (the functions' one-time schedules live there). */
  scheduleGroups: string[];
  schedulerRoles: SchedulerRole[];
}

interface CfnResource {
  Type: string;
  Properties?: Record<string, unknown>;
  Metadata?: Record<string, unknown>;
}

/** Thrown when the template holds a value the twin cannot stand in for. */
export class UnresolvableValueError extends Error {
  override name = 'UnresolvableValueError';
}

/** Resolves intrinsic functions and references of one template against the twin's resources. */
export class CfnResolver {
  constructor(
    private readonly resources: Record<string, CfnResource>,
    private readonly twin: TwinResources,
  ) {}

  /** The value with every intrinsic function replaced; throws UnresolvableValueError. */
  resolve(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((item) => this.resolve(item));
    if (typeof value === 'string') return value.startsWith('{{resolve:') ? this.twin.dynamicReferenceValue : value;
    if (value === null || typeof value !== 'object') return value;
    const entries = Object.entries(value);
    const [key, arg] = entries[0] ?? [];
    if (entries.length === 1 && key !== undefined) {
      if (key === 'Ref') return this.ref(String(arg));
      if (key === 'Fn::GetAtt') {
        const [id, attribute] = Array.isArray(arg) ? arg : String(arg).split('.');
        return this.getAtt(String(id), String(attribute));
      }
      if (key === 'Fn::Join') {
        const [separator, parts] = arg as [string, unknown[]];
        const joined = (this.resolve(parts) as unknown[]).map(String).join(separator);
        return this.resolve(joined);
      }
      if (key === 'Fn::Sub') return this.sub(arg);
      if (key === 'Fn::Select') {
        const [index, list] = arg as [unknown, unknown];
        return (this.resolve(list) as unknown[])[Number(this.resolve(index))];
      }
      if (key === 'Fn::Split') {
        const [separator, text] = arg as [string, unknown];
        return String(this.resolve(text)).split(separator);
      }
      if (key.startsWith('Fn::')) throw new UnresolvableValueError(`The twin does not resolve ${key}.`);
    }
    return Object.fromEntries(entries.map(([k, v]) => [k, this.resolve(v)]));
  }

  /** A string value (environment variables are strings). */
  resolveString(value: unknown): string {
    const resolved = this.resolve(value);
    return typeof resolved === 'string' ? resolved : JSON.stringify(resolved);
  }

  private sub(arg: unknown): string {
    const [template, variables = {}] = Array.isArray(arg) ? (arg as [string, Record<string, unknown>]) : [String(arg), {}];
    return template.replace(/\$\{([^}]+)\}/g, (_, name: string) => {
      if (name in variables) return String(this.resolve(variables[name]));
      const [id, attribute] = name.split('.');
      return String(attribute ? this.getAtt(id ?? '', attribute) : this.ref(name));
    });
  }

  private ref(id: string): string {
    const { twin } = this;
    switch (id) {
      case 'AWS::Region':
        return twin.region;
      case 'AWS::AccountId':
        return twin.accountId;
      case 'AWS::Partition':
        return 'aws';
      case 'AWS::URLSuffix':
        return 'amazonaws.com';
      case 'AWS::StackName':
        return twin.stackName;
    }
    const resource = this.resource(id);
    switch (resource.Type) {
      case 'AWS::DynamoDB::Table':
        return twin.tableName;
      case 'AWS::S3::Bucket':
        return this.bucketName(id, resource);
      case 'AWS::KMS::Key':
        return twin.kmsKeyArn.split('/').pop() ?? '';
      case 'AWS::Cognito::UserPool':
        return twin.userPoolId;
      case 'AWS::Cognito::UserPoolClient':
        return twin.userPoolClientId;
      case 'AWS::SecretsManager::Secret': {
        const name = resource.Properties?.Name;
        const registered = typeof name === 'string' ? twin.secretArns?.[name] : undefined;
        return registered ?? `arn:aws:secretsmanager:${twin.region}:${twin.accountId}:secret:${id}`;
      }
      case 'AWS::Lambda::Function':
        return this.functionName(id, resource);
      case 'AWS::Scheduler::ScheduleGroup':
        return this.scheduleGroupName(id, resource);
      case 'AWS::SQS::Queue':
        return `https://sqs.${twin.region}.amazonaws.com/${twin.accountId}/${id}`;
      case 'AWS::IAM::Role':
      case 'AWS::Logs::LogGroup':
        return id;
    }
    throw new UnresolvableValueError(`The twin has no stand-in for Ref ${id} (${resource.Type}).`);
  }

  private getAtt(id: string, attribute: string): string {
    const { twin } = this;
    const resource = this.resource(id);
    const arn = (service: string, rest: string) => `arn:aws:${service}:${twin.region}:${twin.accountId}:${rest}`;
    const key = `${resource.Type}.${attribute}`;
    switch (key) {
      case 'AWS::DynamoDB::Table.Arn':
        return arn('dynamodb', `table/${twin.tableName}`);
      case 'AWS::S3::Bucket.Arn':
        return `arn:aws:s3:::${this.bucketName(id, resource)}`;
      case 'AWS::KMS::Key.Arn':
        return twin.kmsKeyArn;
      case 'AWS::Cognito::UserPool.Arn':
        return arn('cognito-idp', `userpool/${twin.userPoolId}`);
      case 'AWS::Lambda::Function.Arn':
        return arn('lambda', `function:${this.functionName(id, resource)}`);
      case 'AWS::Scheduler::ScheduleGroup.Arn':
        return arn('scheduler', `schedule-group/${this.scheduleGroupName(id, resource)}`);
      case 'AWS::SQS::Queue.Arn':
        return arn('sqs', id);
      case 'AWS::IAM::Role.Arn':
        return `arn:aws:iam::${twin.accountId}:role/${id}`;
      case 'AWS::Logs::LogGroup.Arn':
        return arn('logs', `log-group:/aws/lambda/${id}:*`);
      case 'AWS::CloudFront::Distribution.DomainName':
        return new URL(twin.siteOrigin).host;
    }
    throw new UnresolvableValueError(`The twin has no stand-in for Fn::GetAtt ${id}.${attribute} (${resource.Type}).`);
  }

  /** A function's name: its fixed FunctionName, else the logical id (the twin's stand-in for a generated name). */
  functionName(id: string, resource: CfnResource): string {
    const fixed = resource.Properties?.FunctionName;
    return fixed === undefined ? id : this.resolveString(fixed);
  }

  /** A schedule group's name: its Name, else the logical id. */
  scheduleGroupName(id: string, resource: CfnResource): string {
    const name = resource.Properties?.Name;
    return name === undefined ? id : this.resolveString(name);
  }

  private bucketName(id: string, resource: CfnResource): string {
    const cdkPath = String(resource.Metadata?.['aws:cdk:path'] ?? '');
    return cdkPath.includes('/Storage/Uploads/') ? this.twin.uploadsBucket : `local-${id.toLowerCase()}`;
  }

  private resource(id: string): CfnResource {
    const resource = this.resources[id];
    if (!resource) throw new UnresolvableValueError(`The template has no resource ${id}.`);
    return resource;
  }
}

/** The logical id a `Fn::GetAtt [id, 'Arn']` (or `Ref`) points at, or undefined. */
function referencedId(value: unknown): string | undefined {
  if (value && typeof value === 'object') {
    const getAtt = (value as { 'Fn::GetAtt'?: unknown })['Fn::GetAtt'];
    if (Array.isArray(getAtt)) return String(getAtt[0]);
    const ref = (value as { Ref?: unknown }).Ref;
    if (typeof ref === 'string') return ref;
  }
  return undefined;
}

/** The twin's name of a function: callables by their route, others by their entry file's name. */
function twinName(logicalId: string, resource: CfnResource, routes: DeployedRoute[]): string {
  const route = routes.find((r) => r.functionLogicalId === logicalId && r.path.startsWith('/api/'));
  if (route) return route.path.slice('/api/'.length);
  const cdkPath = String(resource.Metadata?.['aws:cdk:path'] ?? logicalId);
  const construct = cdkPath.split('/').at(-2) ?? logicalId;
  return construct.charAt(0).toLowerCase() + construct.slice(1);
}

/**
 * Parses `templatePath` (in a cloud assembly directory: asset paths are relative to it) into a
 * Deployment resolved against `twin`. Only functions whose code is a bundled asset directory with
 * an `index.mjs`-style Node.js handler are included (CDK's own Python helpers are not).
 */
export function readDeployment(templatePath: string, twin: TwinResources): Deployment {
  const template = JSON.parse(readFileSync(templatePath, 'utf8')) as { Resources: Record<string, CfnResource> };
  const resources = template.Resources;
  const resolver = new CfnResolver(resources, twin);
  const assemblyDir = path.dirname(templatePath);
  const byType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);

  const policies = byType('AWS::IAM::Policy');
  /**
   * The identity policies of a role, resolved: its own inline `Policies` (the functions' roles,
   * infra/constructs/node-function.ts) and the AWS::IAM::Policy resources naming it.
   */
  const policiesOf = (roleLogicalId: string): IamPolicy[] => {
    const inline = ((resources[roleLogicalId]?.Properties?.Policies as { PolicyName?: unknown; PolicyDocument?: unknown }[] | undefined) ?? []).map((policy) => ({
      name: `${roleLogicalId}${String(policy.PolicyName)}`,
      document: resolver.resolve(policy.PolicyDocument) as IamPolicy['document'],
    }));
    const attached = policies
      .filter(([, policy]) => ((policy.Properties?.Roles as unknown[]) ?? []).some((role) => referencedId(role) === roleLogicalId))
      .map(([id, policy]) => ({ name: id, document: resolver.resolve(policy.Properties?.PolicyDocument) as IamPolicy['document'] }));
    return [...inline, ...attached];
  };

  const integrations = new Map(
    byType('AWS::ApiGatewayV2::Integration').map(([id, r]) => [id, { functionLogicalId: referencedId(r.Properties?.IntegrationUri), credentialsRole: referencedId(r.Properties?.CredentialsArn) }]),
  );
  const routes: DeployedRoute[] = byType('AWS::ApiGatewayV2::Route').map(([, r]) => {
    const p = r.Properties ?? {};
    const routeKey = String(p.RouteKey);
    const [method = '', routePath = ''] = routeKey.split(' ');
    const target = resolverlessTarget(p.Target);
    const integration = target ? integrations.get(target) : undefined;
    const functionLogicalId = integration?.functionLogicalId;
    if (!functionLogicalId) throw new UnresolvableValueError(`Route ${routeKey} has no Lambda integration.`);
    const credentialsRole = integration.credentialsRole;
    return {
      routeKey,
      method,
      path: routePath,
      functionLogicalId,
      authorization: p.AuthorizationType === 'JWT' ? 'JWT' : 'NONE',
      scopes: Array.isArray(p.AuthorizationScopes) ? p.AuthorizationScopes.map(String) : [],
      ...(credentialsRole
        ? {
            credentials: {
              role: { roleArn: resolver.resolveString({ 'Fn::GetAtt': [credentialsRole, 'Arn'] }), policies: policiesOf(credentialsRole) },
              functionArn: resolver.resolveString({ 'Fn::GetAtt': [functionLogicalId, 'Arn'] }),
            },
          }
        : {}),
    };
  });

  const [, authorizerResource] = byType('AWS::ApiGatewayV2::Authorizer').find(([, r]) => r.Properties?.AuthorizerType === 'JWT') ?? [];
  const authorizer = authorizerResource
    ? { audience: (resolver.resolve((authorizerResource.Properties?.JwtConfiguration as { Audience?: unknown })?.Audience ?? []) as unknown[]).map(String) }
    : undefined;

  const functions: DeployedFunction[] = [];
  for (const [logicalId, resource] of byType('AWS::Lambda::Function')) {
    const p = resource.Properties ?? {};
    const asset = resource.Metadata?.['aws:asset:path'];
    if (typeof asset !== 'string' || !String(p.Runtime).startsWith('nodejs')) continue;
    const roleLogicalId = referencedId(p.Role) ?? '';
    const variables = ((p.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {}) as Record<string, unknown>;
    functions.push({
      logicalId,
      name: twinName(logicalId, resource, routes),
      physicalName: resolver.functionName(logicalId, resource),
      codeDir: path.resolve(assemblyDir, asset),
      handler: String(p.Handler ?? 'index.handler'),
      runtime: String(p.Runtime),
      timeoutSeconds: Number(p.Timeout ?? 3),
      memoryMb: Number(p.MemorySize ?? 128),
      environment: Object.fromEntries(Object.entries(variables).map(([k, v]) => [k, resolver.resolveString(v)])),
      roleLogicalId,
      policies: policiesOf(roleLogicalId),
    });
  }

  const triggers: Record<string, string> = {};
  for (const [, pool] of byType('AWS::Cognito::UserPool')) {
    for (const [trigger, target] of Object.entries((pool.Properties?.LambdaConfig as Record<string, unknown>) ?? {})) {
      const id = referencedId(target);
      if (id) triggers[trigger] = id;
    }
  }

  const [, webClient] = byType('AWS::Cognito::UserPoolClient')[0] ?? [];
  const clientAuthFlows = ((webClient?.Properties?.ExplicitAuthFlows as unknown[] | undefined) ?? []).map(String);

  const notifications: S3Notification[] = byType('Custom::S3BucketNotifications').flatMap(([, r]) => {
    const bucket = resolver.resolveString(r.Properties?.BucketName);
    const config = (r.Properties?.NotificationConfiguration ?? {}) as { LambdaFunctionConfigurations?: Record<string, unknown>[] };
    return (config.LambdaFunctionConfigurations ?? []).map((c) => {
      const rules = ((c.Filter as { Key?: { FilterRules?: { Name: string; Value: string }[] } })?.Key?.FilterRules ?? []).map((rule) => [rule.Name.toLowerCase(), rule.Value]);
      const filter = Object.fromEntries(rules) as { prefix?: string; suffix?: string };
      return {
        bucket,
        events: (c.Events as string[]) ?? [],
        prefix: filter.prefix ?? '',
        suffix: filter.suffix ?? '',
        functionLogicalId: referencedId(c.LambdaFunctionArn) ?? '',
      };
    });
  });

  const schedules: DeployedSchedule[] = byType('AWS::Scheduler::Schedule').map(([logicalId, r]) => {
    const target = (r.Properties?.Target ?? {}) as { Arn?: unknown; Input?: unknown };
    return {
      logicalId,
      expression: String(r.Properties?.ScheduleExpression ?? ''),
      functionLogicalId: referencedId(target.Arn) ?? '',
      input: typeof target.Input === 'string' ? target.Input : '{}',
    };
  });

  const scheduleGroups = byType('AWS::Scheduler::ScheduleGroup').map(([id, r]) => resolver.scheduleGroupName(id, r));
  const schedulerRoles: SchedulerRole[] = byType('AWS::IAM::Role')
    .filter(([, r]) => trustsService(r.Properties?.AssumeRolePolicyDocument, SCHEDULER_SERVICE))
    .map(([id]) => ({ roleArn: resolver.resolveString({ 'Fn::GetAtt': [id, 'Arn'] }), policies: policiesOf(id) }));

  return { functions, routes, authorizer, triggers, clientAuthFlows, notifications, schedules, scheduleGroups, schedulerRoles };
}

/** The service principal EventBridge Scheduler assumes roles as. */
const SCHEDULER_SERVICE = 'scheduler.amazonaws.com';

/** Whether a trust policy lets `service` assume the role. */
function trustsService(document: unknown, service: string): boolean {
  const statements = ((document as { Statement?: unknown[] } | undefined)?.Statement ?? []) as { Effect?: string; Principal?: { Service?: unknown } }[];
  return statements.some((statement) => {
    const services = statement.Principal?.Service;
    return statement.Effect === 'Allow' && (Array.isArray(services) ? services.includes(service) : services === service);
  });
}

/** `integrations/<Ref>` of a route's Target (a Fn::Join of a literal and a Ref). */
function resolverlessTarget(target: unknown): string | undefined {
  const join = (target as { 'Fn::Join'?: [string, unknown[]] } | undefined)?.['Fn::Join'];
  const parts = join?.[1] ?? [];
  return parts.map(referencedId).find(Boolean);
}

/** Whether an S3 notification receives `eventName` (e.g. `ObjectCreated:Post`) for `key` (decoded). */
export function notificationMatches(notification: S3Notification, bucket: string, eventName: string, key: string): boolean {
  if (notification.bucket !== bucket) return false;
  const matchesEvent = notification.events.some((pattern) => {
    const wanted = pattern.replace(/^s3:/, '');
    return wanted.endsWith(':*') ? eventName.startsWith(wanted.slice(0, -1)) : eventName === wanted;
  });
  return matchesEvent && key.startsWith(notification.prefix) && key.endsWith(notification.suffix);
}
