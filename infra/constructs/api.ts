/**
 * The callable API (architecture "callable contract"): an HTTP API with one `POST /api/<name>`
 * route and one Lambda per callable of the shared contract. Non-public routes require a Cognito
 * JWT at the gateway (the handler still enforces the finer access level from the claims); each
 * function gets exactly the access declared in infra/functions.ts, plus table read when its
 * access level's middleware reads the caller's profile (`active`), and the callables that limit by
 * client IP (`CLIENT_IP_CALLABLES`) the origin-verify secret (ORIGIN_VERIFY_SECRET) with which they
 * trust the viewer IP CloudFront forwards.
 *
 * Throttling (issue 16 finding 1): the stage's default route setting is STAGE_THROTTLE; every
 * public route (no authorizer: `addPublicRoute` and the public callables) gets the lower
 * PUBLIC_ROUTE_THROTTLE as a stage route setting, so anonymous traffic cannot use up the capacity
 * and the Lambda concurrency the signed-in routes need. API Gateway refuses a route setting for a
 * route that does not exist yet, so the stage depends on each public route.
 *
 * API Gateway invokes the callables with an integration credentials role (`CallableInvokeRoles`)
 * instead of one resource-based `AWS::Lambda::Permission` per function: one role per
 * INVOKE_ROLE_CHUNK callables, each allowed `lambda:InvokeFunction` on exactly those functions'
 * ARNs. Same least privilege, about 70 fewer resources, which keeps the tenant stack well under
 * CloudFormation's 500 as callables are added. The twin evaluates the route's role like any other.
 *
 * Callables that declare exactly the same access (their infra/functions.ts entry and the table
 * access their access level adds) share one execution role: the role grants each of them exactly
 * what it declares, as a role of its own would, and the stack has one AWS::IAM::Role per distinct
 * declaration instead of one per callable (46 for 73 callables when issue 17 began), which keeps
 * room under CloudFormation's 500 for the callables still to come. Each function still runs as its
 * own session (`assumed-role/<role>/<function>`), so CloudTrail and the twin tell them apart.
 */
import { Aws, Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  type CfnRoute,
  type CfnStage,
  HttpApi,
  HttpIntegrationType,
  HttpMethod,
  HttpNoneAuthorizer,
  HttpRouteIntegration,
  HttpStage,
  IntegrationCredentials,
  LogGroupLogDestination,
  PayloadFormatVersion,
  type HttpRoute,
  type HttpRouteIntegrationConfig,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { type CfnRole, PolicyDocument, PolicyStatement, Role, ServicePrincipal, type IRole } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { type CallableDefinition, type CallableName, CALLABLES, ORIGIN_VERIFY_SECRET_ENV, USER_POOL_CLIENT_ID_ENV } from '@director-ia/shared';
import { accessOf, assertEveryCallableHasAccess, CLIENT_IP_CALLABLES, tableAccessFor, type FunctionAccess } from '../functions';
import { acknowledge } from '../nag';
import { functionEntry } from '../paths';
import type { AuthConstruct } from './auth';
import type { FunctionGrants } from './grants';
import { createNodeFunction, type FunctionRole, LOG_RETENTION } from './node-function';

export interface ApiProps {
  auth: AuthConstruct;
  grants: FunctionGrants;
  projectRoot: string;
  /** Environment shared by every function (table name, service name, uploads bucket). */
  environment: Record<string, string>;
  /** Which callables to deploy; default: all of the contract (tests pass variants). */
  callables?: readonly Pick<CallableDefinition, 'name' | 'access'>[];
  /**
   * The origin-verify secret as a CloudFormation dynamic reference (SecretsConstruct), set as
   * ORIGIN_VERIFY_SECRET on `CLIENT_IP_CALLABLES` only; without it they use API Gateway's sourceIp.
   */
  originVerifySecret?: string;
  /**
   * Replaces some callables' declared access (infra/functions.ts). Only the twin's IAM tests use
   * it, to prove that a missing grant is refused as AWS would refuse it.
   */
  accessOverrides?: Partial<Record<CallableName, FunctionAccess>>;
}

/**
 * The scope every Cognito access token from InitiateAuth/SRP carries and ID tokens never do:
 * required on protected routes, so the authorizer refuses ID tokens (issue 10 item 4).
 */
export const ACCESS_TOKEN_SCOPE = 'aws.cognito.signin.user.admin';

/** Per-tenant ceiling of each route (the stage default) against runaway clients; far above a small business's real traffic. */
export const STAGE_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;
/** Each public route's ceiling (issue 16 finding 1), requests per second and burst: below STAGE_THROTTLE. */
export const PUBLIC_ROUTE_THROTTLE = { rateLimit: 10, burstLimit: 20 } as const;

/** The stage of each HttpApi an ApiConstruct made, where public routes put their throttle. */
const stagesOf = new WeakMap<HttpApi, CfnStage>();

/** Gives `routes` of `httpApi` the public throttle (see the module header); no-op for an API without our stage. */
function throttleAsPublic(httpApi: HttpApi, routes: readonly HttpRoute[]): void {
  const stage = stagesOf.get(httpApi);
  if (!stage) return;
  const settings = { ...((stage.routeSettings ?? {}) as Record<string, unknown>) };
  for (const route of routes) {
    const cfnRoute = route.node.defaultChild as CfnRoute;
    settings[cfnRoute.routeKey] = { ThrottlingRateLimit: PUBLIC_ROUTE_THROTTLE.rateLimit, ThrottlingBurstLimit: PUBLIC_ROUTE_THROTTLE.burstLimit };
    stage.addResourceDependency(cfnRoute);
  }
  stage.routeSettings = settings;
}

/**
 * Public routes of the HTTP API, `methods` on `path`, to `integration` without authorizer (the
 * public blog, the OAuth callback page, the networks' webhooks), each with the cdk-nag APIG4
 * finding acknowledged for `reason` (why it is public). One integration may serve several calls.
 */
export function addPublicRoute(httpApi: HttpApi, props: { path: string; methods: HttpMethod[]; integration: HttpRouteIntegration; reason: string }): HttpRoute[] {
  const routes = httpApi.addRoutes({ path: props.path, methods: props.methods, integration: props.integration, authorizer: new HttpNoneAuthorizer() });
  for (const route of routes) acknowledge(route, { 'AwsSolutions-APIG4': props.reason });
  throttleAsPublic(httpApi, routes);
  return routes;
}

/** A public `GET path` route to `fn` (see `addPublicRoute`). */
export function addPublicGetRoute(httpApi: HttpApi, props: { path: string; fn: IFunction; integrationId: string; reason: string }): void {
  addPublicRoute(httpApi, { path: props.path, methods: [HttpMethod.GET], integration: new HttpLambdaIntegration(props.integrationId, props.fn), reason: props.reason });
}

/**
 * A Lambda proxy integration (payload 2.0) that API Gateway invokes as `role` (the integration's
 * credentials) rather than through a resource-based permission on the function.
 */
class HttpLambdaRoleIntegration extends HttpRouteIntegration {
  constructor(
    id: string,
    private readonly fn: IFunction,
    private readonly role: IRole,
  ) {
    super(id);
  }

  bind(): HttpRouteIntegrationConfig {
    return { type: HttpIntegrationType.AWS_PROXY, uri: this.fn.functionArn, payloadFormatVersion: PayloadFormatVersion.VERSION_2_0, credentials: IntegrationCredentials.fromRole(this.role) };
  }
}

/**
 * Callables per invoke role: each ARN is about 115 characters in the role's inline policy, whose
 * size limit is 10,240, so 40 leaves room for long tenant names.
 */
export const INVOKE_ROLE_CHUNK = 40;

/**
 * The roles API Gateway assumes to invoke the callables (see the module header): role N may invoke
 * the callables N*INVOKE_ROLE_CHUNK … (N+1)*INVOKE_ROLE_CHUNK-1 and nothing else.
 */
class CallableInvokeRoles extends Construct {
  private readonly roles: { role: Role; statement: PolicyStatement }[] = [];

  /** The role that may invoke `fn` (its ARN added to that role's policy). */
  roleFor(fn: IFunction): IRole {
    let current = this.roles.at(-1);
    if (!current || current.statement.resources.length >= INVOKE_ROLE_CHUNK) {
      const statement = new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [] });
      const role = new Role(this, `Role${this.roles.length}`, {
        assumedBy: new ServicePrincipal('apigateway.amazonaws.com'),
        description: `API Gateway invokes callables of ${Stack.of(this).stackName} as this role`,
        inlinePolicies: { invoke: new PolicyDocument({ statements: [statement] }) },
      });
      current = { role, statement };
      this.roles.push(current);
    }
    current.statement.addResources(fn.functionArn);
    return current.role;
  }
}

/** Path of a callable's route; CloudFront forwards `/api/*` unchanged. */
export const routePath = (name: string): string => `/api/${name}`;

export class ApiConstruct extends Construct {
  readonly httpApi: HttpApi;
  readonly functions: Record<CallableName, NodejsFunction>;
  /** Host name of the API's execute-api endpoint (the CloudFront origin). */
  readonly domainName: string;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const callables = props.callables ?? Object.values(CALLABLES);
    assertEveryCallableHasAccess(callables.map((callable) => callable.name));

    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: `Callable functions of ${Stack.of(this).stackName}`,
      // The stage below is created explicitly to give it access logs and throttling.
      createDefaultStage: false,
    });
    this.addStage();

    const { userPool, client } = props.auth;
    const jwt = new HttpJwtAuthorizer('CognitoJwt', `https://cognito-idp.${Stack.of(this).region}.amazonaws.com/${userPool.userPoolId}`, {
      // Cognito access tokens carry client_id instead of aud; API Gateway checks either, so an ID
      // token (aud = client id) passes this check: the routes' required scope refuses it.
      jwtAudience: [client.userPoolClientId],
    });

    const functions: Partial<Record<CallableName, NodejsFunction>> = {};
    // One log group for every callable (node-function.ts header): one resource instead of one each.
    const logGroup = new LogGroup(this, 'CallableLogs', { retention: LOG_RETENTION });
    const invokeRoles = new CallableInvokeRoles(this, 'Invoke');
    /** Execution roles by declared access (see the module header), with the callables using each. */
    const executionRoles = new Map<string, { role: FunctionRole; names: string[] }>();
    for (const callable of callables) {
      const name = callable.name as CallableName;
      const access = props.accessOverrides?.[name] ?? accessOf(name);
      const table = tableAccessFor(access, callable.access);
      const declaration = JSON.stringify([access, table]);
      const shared = executionRoles.get(declaration);
      const fn = createNodeFunction(this, name, {
        entry: functionEntry(props.projectRoot, name),
        projectRoot: props.projectRoot,
        // The handler checks that a token is an access token of this client (identity.ts).
        environment: { ...props.environment, [USER_POOL_CLIENT_ID_ENV]: client.userPoolClientId },
        description: `Callable ${name} (${callable.access})`,
        logGroup,
        ...(shared ? { role: shared.role } : {}),
      });
      if (shared) shared.names.push(name);
      else executionRoles.set(declaration, { role: fn.role as FunctionRole, names: [name] });
      props.grants.apply(fn, access, table);
      if (props.originVerifySecret && CLIENT_IP_CALLABLES.includes(name)) fn.addEnvironment(ORIGIN_VERIFY_SECRET_ENV, props.originVerifySecret);
      const isPublic = callable.access === 'public';
      const [route] = this.httpApi.addRoutes({
        path: routePath(name),
        methods: [HttpMethod.POST],
        integration: new HttpLambdaRoleIntegration(`${name}Integration`, fn, invokeRoles.roleFor(fn)),
        authorizer: isPublic ? new HttpNoneAuthorizer() : jwt,
        ...(isPublic ? {} : { authorizationScopes: [ACCESS_TOKEN_SCOPE] }),
      });
      if (isPublic && route) {
        acknowledge(route, {
          'AwsSolutions-APIG4': `${name} is public by contract (widget, public blog): it needs no token; the handler validates input and rate limits apply.`,
        });
        throttleAsPublic(this.httpApi, [route]);
      }
      functions[name] = fn;
    }
    for (const { role, names } of executionRoles.values()) {
      if (names.length > 1) (role.node.defaultChild as CfnRole).description = `Execution role of the callables ${names.join(', ')}`.slice(0, 1000);
    }
    this.functions = functions as Record<CallableName, NodejsFunction>;
    this.domainName = `${this.httpApi.apiId}.execute-api.${Stack.of(this).region}.${Aws.URL_SUFFIX}`;
  }

  private addStage(): void {
    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: LOG_RETENTION });
    const stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: STAGE_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latencyMs: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            sub: '$context.authorizer.claims.sub',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });
    stagesOf.set(this.httpApi, stage.node.defaultChild as CfnStage);
  }
}
