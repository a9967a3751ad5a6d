/**
 * The twin's template reader on the real tenant stack: synthesizes it with the twin's context (as
 * `cdk synth` writes it, construct paths and asset metadata included) once per test file and reads
 * it back against stand-in twin resources, plus a lookup of a function by its twin name.
 */
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { readDeployment, type DeployedFunction, type Deployment } from '../../../../../../infra/local/deployment/template';
import { TWIN_ACCOUNT_ID, TWIN_CONTEXT } from '../../../../../../infra/local/twin';
import { createFixture, removeFixture, synthTenant, type Fixture } from '../../../../../support/cdk-fixture';

export const REGION = 'eu-west-1';
/** The twin's web origin the reader is given. */
export const SITE = 'http://localhost:5173';
/** The full ARN the twin's Secrets Manager gave the Meta webhook verify token (what `startTwin` passes as `secretArns`). */
export const VERIFY_TOKEN_ARN = `arn:aws:secretsmanager:${REGION}:${TWIN_ACCOUNT_ID}:secret:director-ia/local/meta-webhook-verify-token-AbC123`;

export interface TwinDeployment {
  deployment: Deployment;
  stackName: string;
  /** The function of that twin name; throws when there is none. */
  fnNamed(name: string): DeployedFunction;
}

/** Synthesizes and reads the stack in the file's beforeAll (up to 120 s); the answer is filled in then. */
export function useTwinDeployment(): TwinDeployment {
  let fixture: Fixture | undefined;
  const result: TwinDeployment = {
    deployment: undefined as unknown as Deployment,
    stackName: '',
    fnNamed(name) {
      const fn = result.deployment.functions.find((f) => f.name === name);
      if (!fn) throw new Error(`no function ${name}`);
      return fn;
    },
  };
  beforeAll(() => {
    fixture = createFixture({ webBuild: false });
    const { stack } = synthTenant(fixture, { ...TWIN_CONTEXT, 'aws:cdk:enable-path-metadata': true, 'aws:cdk:enable-asset-metadata': true });
    result.stackName = stack.stackName;
    result.deployment = readDeployment(path.join(fixture.outdir, `${stack.stackName}.template.json`), {
      region: REGION,
      accountId: TWIN_ACCOUNT_ID,
      stackName: stack.stackName,
      tableName: 'director-ia',
      uploadsBucket: 'uploads',
      kmsKeyArn: `arn:aws:kms:${REGION}:${TWIN_ACCOUNT_ID}:key/00000000-0000-4000-8000-000000000001`,
      userPoolId: 'pool',
      userPoolClientId: 'client',
      siteOrigin: SITE,
      dynamicReferenceValue: 'origin-verify',
      secretArns: { 'director-ia/local/meta-webhook-verify-token': VERIFY_TOKEN_ARN },
    });
  });
  afterAll(() => {
    if (fixture) removeFixture(fixture);
  });
  return result;
}
