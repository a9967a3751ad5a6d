/**
 * The Cognito web client's token lifetimes (infra/constructs/auth.ts; issue 16 finding 6): a
 * signed-out access or ID token is still accepted by the API's JWT authorizer until it expires,
 * so both live 15 minutes (Amplify refreshes them with the refresh token, which global sign-out
 * revokes) instead of Cognito's default hour.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, it } from 'vitest';
import { AuthConstruct } from '../../../../infra/constructs/auth';
import { DataConstruct } from '../../../../infra/constructs/data';
import { FunctionGrants } from '../../../../infra/constructs/grants';
import { SecretsConstruct } from '../../../../infra/constructs/secrets';
import { StorageConstruct } from '../../../../infra/constructs/storage';
import { createFixture, removeFixture } from '../../../support/cdk-fixture';

const fixture = createFixture({ webBuild: false });
afterAll(() => removeFixture(fixture));

function authTemplate(): Template {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] }, outdir: fixture.outdir });
  const stack = new Stack(app, 'AuthOnly', { env: { region: 'eu-west-1' } });
  const data = new DataConstruct(stack, 'Data');
  const storage = new StorageConstruct(stack, 'Storage');
  const secrets = new SecretsConstruct(stack, 'Secrets', { tenant: 'authonly' });
  const grants = new FunctionGrants({ data, uploadsBucket: storage.uploadsBucket, secretsKey: secrets.key, ai: { aiProvider: 'bedrock' } });
  new AuthConstruct(stack, 'Auth', { grants, projectRoot: fixture.projectRoot, environment: { TABLE_NAME: data.table.tableName } });
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
