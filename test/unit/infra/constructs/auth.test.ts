/**
 * Custom-token sign-in's triggers, grants and client flow (issue 17 item 3), below.
 *
 * The Cognito web client's token lifetimes (infra/constructs/auth.ts; issue 16 finding 6): a
 * signed-out access or ID token is still accepted by the API's JWT authorizer until it expires,
 * so both live 15 minutes (Amplify refreshes them with the refresh token, which global sign-out
 * revokes) instead of Cognito's default hour.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import type { TenantSettings } from '../../../../infra/context';
import { AuthConstruct } from '../../../../infra/constructs/auth';
import { DataConstruct } from '../../../../infra/constructs/data';
import { FunctionGrants } from '../../../../infra/constructs/grants';
import { SecretsConstruct } from '../../../../infra/constructs/secrets';
import { StorageConstruct } from '../../../../infra/constructs/storage';
import { createFixture, removeFixture } from '../../../support/cdk-fixture';

const fixture = createFixture({ webBuild: false });
afterAll(() => removeFixture(fixture));

function authTemplate(customToken?: TenantSettings['customToken']): Template {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] }, outdir: fixture.outdir });
  const stack = new Stack(app, 'AuthOnly', { env: { region: 'eu-west-1' } });
  const data = new DataConstruct(stack, 'Data');
  const storage = new StorageConstruct(stack, 'Storage');
  const secrets = new SecretsConstruct(stack, 'Secrets', { tenant: 'authonly' });
  const grants = new FunctionGrants({ data, uploadsBucket: storage.uploadsBucket, secretsKey: secrets.key, ai: { aiProvider: 'bedrock' } });
  new AuthConstruct(stack, 'Auth', { grants, projectRoot: fixture.projectRoot, environment: { TABLE_NAME: data.table.tableName }, customToken });
  return Template.fromStack(stack);
}

describe('web client tokens', () => {
  it('live 15 minutes, refreshed by a revocable refresh token', () => {
    authTemplate().hasResourceProperties('AWS::Cognito::UserPoolClient', {
      AccessTokenValidity: 15,
      IdTokenValidity: 15,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes' },
      EnableTokenRevocation: true,
    });
  });
});

describe('custom-token sign-in (issue 17 item 3)', () => {
  const jwks = JSON.stringify({ keys: [{ kty: 'RSA', kid: 'host', n: 'AQAB', e: 'AQAB', alg: 'RS256', use: 'sig' }] });
  const customAuthTemplate = () => authTemplate({ jwks, audience: 'acme', issuer: 'https://portal.acme.es' });
  type Resource = { Type: string; Properties: Record<string, unknown> };
  const resourcesOf = (template: Template) => template.toJSON().Resources as Record<string, Resource>;

  it('is off without a trusted key: no challenge triggers, no CUSTOM_AUTH on the web client', () => {
    const template = authTemplate();
    const pool = Object.values(resourcesOf(template)).find((r) => r.Type === 'AWS::Cognito::UserPool');
    expect(Object.keys((pool?.Properties.LambdaConfig as object) ?? {})).toEqual(['PreSignUp']);
    const client = Object.values(resourcesOf(template)).find((r) => r.Type === 'AWS::Cognito::UserPoolClient');
    expect(client?.Properties.ExplicitAuthFlows).not.toContain('ALLOW_CUSTOM_AUTH');
  });

  it('wires Define, Create and Verify Auth Challenge to the pool and allows CUSTOM_AUTH on the web client', () => {
    const template = customAuthTemplate();
    const resources = resourcesOf(template);
    const pool = Object.values(resources).find((r) => r.Type === 'AWS::Cognito::UserPool');
    const config = pool?.Properties.LambdaConfig as Record<string, { 'Fn::GetAtt': [string, string] }>;
    expect(Object.keys(config).sort()).toEqual(['CreateAuthChallenge', 'DefineAuthChallenge', 'PreSignUp', 'VerifyAuthChallengeResponse']);
    for (const trigger of ['DefineAuthChallenge', 'CreateAuthChallenge', 'VerifyAuthChallengeResponse']) {
      const fn = resources[config[trigger]?.['Fn::GetAtt'][0] ?? ''];
      expect(fn?.Type).toBe('AWS::Lambda::Function');
      expect((fn?.Properties.Environment as { Variables: Record<string, unknown> }).Variables).toMatchObject({
        CUSTOM_TOKEN_JWKS: jwks,
        CUSTOM_TOKEN_AUDIENCE: 'acme',
        CUSTOM_TOKEN_ISSUER: 'https://portal.acme.es',
      });
    }
    const client = Object.values(resources).find((r) => r.Type === 'AWS::Cognito::UserPoolClient');
    expect(client?.Properties.ExplicitAuthFlows).toEqual(expect.arrayContaining(['ALLOW_CUSTOM_AUTH', 'ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']));
  });

  it('gives the triggers no AWS access beyond their logs and traces, and only Cognito may invoke them', () => {
    const template = customAuthTemplate();
    const resources = resourcesOf(template);
    const triggerIds = Object.entries(resources)
      .filter(([, r]) => r.Type === 'AWS::Lambda::Function' && /AuthChallenge/.test(String((r.Properties.Description as string) ?? '')))
      .map(([id]) => id);
    expect(triggerIds).toHaveLength(3);
    for (const id of triggerIds) {
      const roleId = (resources[id]?.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      const role = resources[roleId];
      const actions = ((role?.Properties.Policies as { PolicyDocument: { Statement: { Action: string | string[] }[] } }[]) ?? [])
        .flatMap((policy) => policy.PolicyDocument.Statement)
        .flatMap((statement) => [statement.Action].flat());
      expect(actions.filter((action) => !/^(logs|xray):/.test(action))).toEqual([]);
      const attached = Object.values(resources).filter((r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles).includes(roleId));
      expect(attached).toEqual([]);
      const permissions = Object.values(resources).filter((r) => r.Type === 'AWS::Lambda::Permission' && JSON.stringify(r.Properties.FunctionName).includes(id));
      expect(permissions.map((p) => p.Properties.Principal)).toEqual(['cognito-idp.amazonaws.com']);
    }
  });

  it('adds ten resources: three functions, their roles and invoke permissions, and one shared log group', () => {
    const count = (template: Template) => Object.keys(resourcesOf(template)).length;
    expect(count(customAuthTemplate()) - count(authTemplate())).toBe(10);
  });
});
