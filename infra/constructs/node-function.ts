/**
 * One Lambda recipe for every handler: Node.js 24 on arm64, ESM bundle built by the local
 * esbuild (no Docker), its own log group and a role that starts with nothing but writing to
 * that log group, so the grants declared in infra/functions.ts are the only other permissions it has.
 *
 * The role holds its permissions as an inline policy of the AWS::IAM::Role itself (`FunctionRole`)
 * instead of CDK's separate AWS::IAM::Policy "DefaultPolicy": the same IAM (both are inline policies
 * of the role, under the same size limit), one CloudFormation resource less per function. The stack
 * was at 498 of CloudFormation's 500 resources before issue 14; this frees about 70.
 *
 * A function may write to a log group it is given (`logGroup`) instead of its own: the callables
 * share one (infra/constructs/api.ts), as Lambda allows, with the function's name in every log
 * stream's name (`YYYY/MM/DD/<function>[<version>]<instance>`), so no line loses its function. With
 * issue 15's callables the stack would otherwise reach 515 resources, over the 500 limit.
 *
 * Observability (issue 16): every function runs with X-Ray active tracing (Lambda records each
 * invocation's segment; lambdas/platform/tracer.ts adds the handler's subsegment), which puts
 * `xray:PutTraceSegments` and `xray:PutTelemetryRecords` on `*` in the role (X-Ray has no
 * resource-level permissions), and gets its stack's name in METRICS_STACK, the `stack` dimension
 * of its custom metrics (lambdas/platform/metrics.ts).
 */
import path from 'node:path';
import { Duration, Stack, type Size } from 'aws-cdk-lib';
import { PolicyDocument, Role, ServicePrincipal, type AddToPrincipalPolicyResult, type PolicyStatement, type RoleProps } from 'aws-cdk-lib/aws-iam';
import { Architecture, LoggingFormat, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays, type ILogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { METRICS_STACK_ENV } from '@director-ia/shared';
import { ESM_REQUIRE_SHIM, LAMBDA_EXTERNALS } from '../bundling/lambda-esbuild';
import { acknowledge } from '../nag';

export const LOG_RETENTION = RetentionDays.THREE_MONTHS;

export interface NodeFunctionProps {
  /** Absolute path of the handler module (exports `handler`). */
  entry: string;
  /** Repository root: esbuild's working directory, holds package-lock.json. */
  projectRoot: string;
  environment: Record<string, string>;
  description: string;
  /**
   * A fixed function name, for a function whose ARN must be known before it exists (the publisher:
   * its own environment names it). Default: CloudFormation generates one.
   */
  functionName?: string;
  /** Default 30 s. */
  timeout?: Duration;
  /** MB; default 512. */
  memorySize?: number;
  /**
   * Packages left out of the bundle and installed beside it (`npm ci` from package-lock.json in
   * the asset directory, at synth, by the local bundler), for heavy dependencies only some
   * invocations load with a dynamic import. Each must be a dependency in package.json.
   */
  nodeModules?: string[];
  /** A log group shared with other functions (see the module header); default: a log group of its own. */
  logGroup?: ILogGroup;
  /**
   * The execution role of another function that declares exactly the same access (the callables,
   * infra/constructs/api.ts); default: a role of its own. Granting the same access again adds
   * nothing: CDK drops identical statements from a policy document.
   */
  role?: FunctionRole;
  /**
   * Default arm64. x86_64 for a function that runs a native binary installed beside its bundle for
   * this machine's platform (the render function's ffmpeg, issue 18): the bundler installs
   * `nodeModules` with npm on the machine that synthesizes, so the twin runs the very binary AWS does.
   */
  architecture?: Architecture;
  /** `/tmp` size; default Lambda's 512 MiB. */
  ephemeralStorageSize?: Size;
}

/** Why every function role may write trace segments on `*` (see the module header). */
export const XRAY_WILDCARD_REASON =
  'X-Ray active tracing (issue 16 observability): xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level permissions, so Lambda\'s tracing statement names "*".';

/** Name of the role's inline policy that holds every statement added to it. */
export const FUNCTION_POLICY_NAME = 'access';

/**
 * A Role whose added statements (grants, `addToRolePolicy`) go into its own inline policy
 * FUNCTION_POLICY_NAME rather than a separate DefaultPolicy resource (see the module header).
 */
export class FunctionRole extends Role {
  private readonly access: PolicyDocument;

  constructor(scope: Construct, id: string, props: RoleProps) {
    const access = new PolicyDocument();
    super(scope, id, { ...props, inlinePolicies: { ...props.inlinePolicies, [FUNCTION_POLICY_NAME]: access } });
    this.access = access;
  }

  override addToPrincipalPolicy(statement: PolicyStatement): AddToPrincipalPolicyResult {
    this.access.addStatements(statement);
    // The statements are part of the role: whatever must wait for them waits for the role.
    return { statementAdded: true, policyDependable: this };
  }
}

export function createNodeFunction(scope: Construct, id: string, props: NodeFunctionProps): NodejsFunction {
  const logGroup = props.logGroup ?? new LogGroup(scope, `${id}Logs`, { retention: LOG_RETENTION });
  // A role of our own instead of the default one with AWSLambdaBasicExecutionRole (logs on "*").
  const role =
    props.role ??
    new FunctionRole(scope, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of ${id}`,
    });
  logGroup.grantWrite(role);
  acknowledge(role, { 'AwsSolutions-IAM5[Resource::*]': XRAY_WILDCARD_REASON });

  return new NodejsFunction(scope, id, {
    entry: props.entry,
    handler: 'handler',
    ...(props.functionName ? { functionName: props.functionName } : {}),
    projectRoot: props.projectRoot,
    depsLockFilePath: path.join(props.projectRoot, 'package-lock.json'),
    runtime: Runtime.NODEJS_24_X,
    architecture: props.architecture ?? Architecture.ARM_64,
    ...(props.ephemeralStorageSize ? { ephemeralStorageSize: props.ephemeralStorageSize } : {}),
    memorySize: props.memorySize ?? 512,
    timeout: props.timeout ?? Duration.seconds(30),
    description: props.description,
    role,
    logGroup,
    loggingFormat: LoggingFormat.JSON,
    tracing: Tracing.ACTIVE,
    // Without this flag Node ignores the bundled source map and stack traces point into minified code.
    environment: { NODE_OPTIONS: '--enable-source-maps', [METRICS_STACK_ENV]: Stack.of(scope).stackName, ...props.environment },
    bundling: {
      format: OutputFormat.ESM,
      target: 'node24',
      mainFields: ['module', 'main'],
      banner: ESM_REQUIRE_SHIM,
      minify: true,
      sourceMap: true,
      // Stack traces map to our file names and lines without the original sources embedded in the
      // map: Node parses a smaller map at every cold start (about 15 ms of a ~100 ms load, measured
      // by `npm run bench`).
      sourcesContent: false,
      // The Node.js 24 runtime ships SDK v3; bundling our own would add ~400 KB per function.
      externalModules: LAMBDA_EXTERNALS,
      ...(props.nodeModules?.length ? { nodeModules: props.nodeModules } : {}),
      forceDockerBundling: false,
    },
  });
}
