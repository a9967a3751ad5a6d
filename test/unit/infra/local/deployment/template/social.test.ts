/**
 * The twin's template reader on issue 12's deployment: the tenant stack synthesized with the twin's
 * `socialAppsSecret` (as `cdk synth` writes it, construct paths and asset metadata included) reads
 * back with the secret's partial ARN in the environment of the functions that declare 'socialApps:read'
 * (and of no other), their GetSecretValue grant resolved to the twin's account, the public
 * `GET /oauth/callback/{platform}` route without authorizer (matched by the twin's router), the
 * callback page named `oauthCallback` with the twin's SITE_URL and no grant, and the 15-minute socialTokens schedule with its event. The resolved policies,
 * given to the AWS gateway, let exactly those functions read the twin's secret through the value
 * their environment names.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCIAL_APPS_SECRET_ENV } from '../../../../../../infra/constructs/grants';
import { OAUTH_CALLBACK_ROUTE_PATH } from '../../../../../../infra/constructs/oauth-callback';
import { accessOf, SOCIAL_TOKENS_ACCESS } from '../../../../../../infra/functions';
import type { DeployedFunction } from '../../../../../../infra/local/deployment/template';
import { scheduleEvent } from '../../../../../../infra/local/schedules';
import { TWIN_ACCOUNT_ID, TWIN_SOCIAL_APPS_SECRET } from '../../../../../../infra/local/twin';
import { matchRoute } from '../../../../../../infra/local/router';
import { functionEnvironment } from '../../../../../../infra/local/runtime/function-env';
import { CALLABLE_NAMES, SITE_URL_ENV } from '@director-ia/shared';
import { harness, type Harness } from '../../aws-gateway/support';
import { REGION, SITE, useTwinDeployment } from './support';

const PARTIAL_ARN = `arn:aws:secretsmanager:${REGION}:${TWIN_ACCOUNT_ID}:secret:${TWIN_SOCIAL_APPS_SECRET}`;
/** The functions whose declaration includes 'socialApps:read'. */
const READERS = [...CALLABLE_NAMES.filter((name) => (accessOf(name).permissions ?? []).includes('socialApps:read')), 'socialTokens', 'publisher', 'publishingSweep', 'socialWebhook', 'inboxWorker', 'dataRights'].sort();

const twinDeployment = useTwinDeployment();
const fnNamed = (name: string): DeployedFunction => twinDeployment.fnNamed(name);

describe('twin template reader: social networks (issue 12)', () => {
  it('reads the callback page and the refresh job under their twin names', () => {
    expect(twinDeployment.deployment.functions.map((fn) => fn.name)).toEqual(expect.arrayContaining(['oauthCallback', 'socialTokens', ...CALLABLE_NAMES]));
    expect(READERS).toEqual(['aprobarRespuesta', 'completarOAuth', 'conectarTelegram', 'crearBorradorMeta', 'dataRights', 'desconectarRed', 'elegirDestinos', 'inboxWorker', 'initiateOAuth', 'listarCuentasPublicitarias', 'listarRedes', 'publisher', 'publishingSweep', 'responderConversacion', 'socialTokens', 'socialWebhook', 'verCampana']);
    expect(SOCIAL_TOKENS_ACCESS.permissions).toContain('socialApps:read');
  });

  it('resolves SOCIAL_APPS_SECRET to the twin secret\'s partial ARN on exactly the functions that read it', () => {
    const withSecret = twinDeployment.deployment.functions.filter((fn) => SOCIAL_APPS_SECRET_ENV in fn.environment).map((fn) => fn.name).sort();
    expect(withSecret).toEqual(READERS);
    for (const name of READERS) expect(fnNamed(name).environment[SOCIAL_APPS_SECRET_ENV]).toBe(PARTIAL_ARN);
  });

  it('resolves the GetSecretValue grant to the twin account, with the -?????? suffix', () => {
    const statements = fnNamed('initiateOAuth').policies.flatMap((policy) => policy.document.Statement as { Action: unknown; Resource: unknown }[]);
    expect(statements.filter((s) => JSON.stringify(s.Action).includes('secretsmanager'))).toEqual([
      { Action: 'secretsmanager:GetSecretValue', Effect: 'Allow', Resource: `${PARTIAL_ARN}-??????` },
    ]);
  });

  it('reads the public callback route, whose page gets SITE_URL and nothing of the table', () => {
    const route = twinDeployment.deployment.routes.find((r) => r.path === OAUTH_CALLBACK_ROUTE_PATH);
    expect(route).toMatchObject({ routeKey: 'GET /oauth/callback/{platform}', method: 'GET', authorization: 'NONE', scopes: [] });
    expect(twinDeployment.deployment.functions.find((fn) => fn.logicalId === route?.functionLogicalId)?.name).toBe('oauthCallback');
    expect(matchRoute(twinDeployment.deployment.routes, 'GET', '/oauth/callback/facebook')).toMatchObject({ route, pathParameters: { platform: 'facebook' } });
    expect(matchRoute(twinDeployment.deployment.routes, 'GET', '/oauth/callback/facebook/mas')).toBeUndefined();
    expect(matchRoute(twinDeployment.deployment.routes, 'GET', '/oauth/callback/')).toBeUndefined();
    const page = fnNamed('oauthCallback');
    // The template names CloudFront's https origin; the twin's runtime gives the page its own origin.
    expect(page.environment[SITE_URL_ENV]).toBe(`https://${new URL(SITE).host}`);
    const runtime = functionEnvironment(page, { region: REGION, gatewayUrl: 'http://127.0.0.1:1', credentials: { accessKeyId: 'a', secretAccessKey: 'b' }, settings: {}, siteUrl: SITE, realAws: false });
    expect(runtime[SITE_URL_ENV]).toBe(SITE);
    expect(page.environment.TABLE_NAME).toBeUndefined();
    expect(JSON.stringify(page.policies)).not.toMatch(/dynamodb|kms|secretsmanager|s3:/);
  });

  it('reads the 15-minute refresh schedule with its event', () => {
    const schedule = twinDeployment.deployment.schedules.find((s) => s.functionLogicalId === fnNamed('socialTokens').logicalId);
    expect(schedule?.expression).toBe('rate(15 minutes)');
    expect(scheduleEvent(schedule?.input ?? '{}', new Date('2026-05-01T10:15:00.123Z'))).toEqual({ job: 'socialTokens', scheduledTime: '2026-05-01T10:15:00Z' });
  });

  describe('with the AWS gateway', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await harness({ region: REGION, accountId: TWIN_ACCOUNT_ID, secrets: { [TWIN_SOCIAL_APPS_SECRET]: '{}' } });
    });
    afterAll(() => h.stop());

    const read = async (fn: DeployedFunction, secretId: string) => {
      const keys = { accessKeyId: `ASIA${fn.name.toUpperCase().slice(0, 12)}`, secretAccessKey: 'x'.repeat(40) };
      h.gateway.setPrincipal({ name: fn.name, roleArn: `arn:aws:iam::${TWIN_ACCOUNT_ID}:role/${fn.roleLogicalId}`, ...keys, policies: fn.policies });
      const client = new SecretsManagerClient({ endpoint: h.gateway.url, region: REGION, credentials: keys, maxAttempts: 1 });
      return client.send(new GetSecretValueCommand({ SecretId: secretId }));
    };

    it('lets every reader read the secret through the value its environment names', async () => {
      for (const name of READERS) {
        const fn = fnNamed(name);
        await expect(read(fn, fn.environment[SOCIAL_APPS_SECRET_ENV] ?? '')).resolves.toMatchObject({ Name: TWIN_SOCIAL_APPS_SECRET, SecretString: '{}' });
      }
    });

    it('refuses the functions that do not declare it (AccessDenied)', async () => {
      for (const name of ['obtenerPerfil', 'oauthCallback', 'guardarIntegraciones', 'blogDrafts']) {
        await expect(read(fnNamed(name), PARTIAL_ARN)).rejects.toMatchObject({ name: 'AccessDeniedException' });
      }
    });
  });
});
