/**
 * The twin's template reader on issue 14's deployment: the webhook and the worker read back under
 * their twin names (`socialWebhook`, `inboxWorker`, the worker with its fixed physical name), the
 * three public webhook routes matched by the twin's router, WEBHOOK_VERIFY_SECRET and the webhook's
 * grant resolved to the ARN the twin's Secrets Manager gave the verify token (`secretArns`), and
 * INBOX_WORKER_FUNCTION naming the worker. The resolved policies, given to the AWS gateway, let the
 * webhook (and no other function) read that secret and invoke the worker, and let the sweep invoke it.
 */
import { randomBytes } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeployedFunction } from '../../../../../../infra/local/deployment/template';
import { matchRoute } from '../../../../../../infra/local/router';
import { functionEnvironment } from '../../../../../../infra/local/runtime/function-env';
import { TWIN_ACCOUNT_ID } from '../../../../../../infra/local/twin';
import { INBOX_WORKER_FUNCTION_ENV, SITE_URL_ENV, WEBHOOK_VERIFY_SECRET_ENV, webhookVerifySecretName } from '@director-ia/shared';
import { harness, type Harness } from '../../aws-gateway/support';
import { REGION, SITE, useTwinDeployment, VERIFY_TOKEN_ARN } from './support';

const WORKER = 'DirectorIa-local-inbox';

const twinDeployment = useTwinDeployment();
const fnNamed = (name: string): DeployedFunction => twinDeployment.fnNamed(name);

describe('twin template reader: inbox (issue 14)', () => {
  it('reads the webhook and the worker under their twin names, the worker with its fixed name', () => {
    expect(fnNamed('socialWebhook').timeoutSeconds).toBe(10);
    expect(fnNamed('inboxWorker')).toMatchObject({ physicalName: WORKER, timeoutSeconds: 60 });
  });

  it('matches the three public webhook routes to the webhook function', () => {
    const { routes } = twinDeployment.deployment;
    const webhook = fnNamed('socialWebhook').logicalId;
    for (const [method, path, parameters] of [
      ['GET', '/webhooks/facebook', { network: 'facebook' }],
      ['POST', '/webhooks/instagram', { network: 'instagram' }],
      ['POST', '/webhooks/telegram/abc', { routeKey: 'abc' }],
    ] as const) {
      const matched = matchRoute(routes, method, path);
      expect(matched?.route).toMatchObject({ functionLogicalId: webhook, authorization: 'NONE' });
      expect(matched?.pathParameters).toEqual(parameters);
    }
    expect(matchRoute(routes, 'GET', '/webhooks/telegram/abc')).toBeUndefined();
  });

  it('names the registered verify-token ARN and the worker in the webhook\'s environment; the worker and conectarTelegram get the twin\'s SITE_URL', () => {
    expect(webhookVerifySecretName('local')).toBe('director-ia/local/meta-webhook-verify-token');
    const env = (name: string) =>
      functionEnvironment(fnNamed(name), { region: REGION, gatewayUrl: 'http://gw', credentials: { accessKeyId: 'a', secretAccessKey: 'b' }, settings: {}, siteUrl: SITE, realAws: false });
    expect(env('socialWebhook')).toMatchObject({ [WEBHOOK_VERIFY_SECRET_ENV]: VERIFY_TOKEN_ARN, [INBOX_WORKER_FUNCTION_ENV]: WORKER });
    expect(env('publishingSweep')[INBOX_WORKER_FUNCTION_ENV]).toBe(WORKER);
    expect(env('inboxWorker')[SITE_URL_ENV]).toBe(SITE);
    expect(env('conectarTelegram')[SITE_URL_ENV]).toBe(SITE);
    const holders = twinDeployment.deployment.functions.filter((fn) => WEBHOOK_VERIFY_SECRET_ENV in fn.environment).map((fn) => fn.name);
    expect(holders).toEqual(['socialWebhook']);
  });

  describe('through the AWS gateway, with the resolved policies', () => {
    let h: Harness;
    const invoked: string[] = [];
    const keysOf = (name: string) => ({ accessKeyId: `ASIA${name.toUpperCase().replace(/[^A-Z]/g, '').slice(0, 12)}`, secretAccessKey: randomBytes(20).toString('base64') });
    const register = (name: string) => {
      const keys = keysOf(name);
      h.gateway.setPrincipal({ name, roleArn: `arn:aws:iam::${TWIN_ACCOUNT_ID}:role/${name}Role`, ...keys, policies: fnNamed(name).policies });
      return keys;
    };

    beforeAll(async () => {
      h = await harness({ region: REGION, accountId: TWIN_ACCOUNT_ID, lambda: { invokeFunction: async (arn) => void invoked.push(arn) } });
      expect(h.gateway.putSecret(webhookVerifySecretName('local'), 'token')).toMatch(/^arn:aws:secretsmanager:.*:secret:director-ia\/local\/meta-webhook-verify-token-[A-Za-z0-9]{6}$/);
    });
    afterAll(() => h?.stop());

    it('lets the webhook read the verify token (by the ARN its environment names) and no other function', async () => {
      // The twin registers the secret first and gives its ARN to the reader: here the ARN is the gateway's own.
      const arn = h.gateway.putSecret(webhookVerifySecretName('local'), 'token');
      const policies = fnNamed('socialWebhook').policies.map((policy) => ({ ...policy, document: JSON.parse(JSON.stringify(policy.document).replaceAll(VERIFY_TOKEN_ARN, arn)) as typeof policy.document }));
      const keys = keysOf('socialWebhook');
      h.gateway.setPrincipal({ name: 'socialWebhook', roleArn: `arn:aws:iam::${TWIN_ACCOUNT_ID}:role/socialWebhookRole`, ...keys, policies });
      const read = await new SecretsManagerClient({ endpoint: h.gateway.url, region: REGION, credentials: keys, maxAttempts: 1 }).send(new GetSecretValueCommand({ SecretId: arn }));
      expect(read.SecretString).toBe('token');
      const other = register('inboxWorker');
      await expect(new SecretsManagerClient({ endpoint: h.gateway.url, region: REGION, credentials: other, maxAttempts: 1 }).send(new GetSecretValueCommand({ SecretId: arn }))).rejects.toMatchObject({ name: 'AccessDeniedException' });
    });

    it('lets the webhook and the sweep invoke the worker asynchronously by name, and not the worker itself', async () => {
      for (const name of ['socialWebhook', 'publishingSweep']) {
        const out = await new LambdaClient({ endpoint: h.gateway.url, region: REGION, credentials: register(name), maxAttempts: 1 }).send(
          new InvokeCommand({ FunctionName: WORKER, InvocationType: 'Event', Payload: new TextEncoder().encode('{}') }),
        );
        expect(out.StatusCode).toBe(202);
      }
      expect(invoked).toEqual([`arn:aws:lambda:${REGION}:${TWIN_ACCOUNT_ID}:function:${WORKER}`, `arn:aws:lambda:${REGION}:${TWIN_ACCOUNT_ID}:function:${WORKER}`]);
      const worker = new LambdaClient({ endpoint: h.gateway.url, region: REGION, credentials: register('inboxWorker'), maxAttempts: 1 });
      await expect(worker.send(new InvokeCommand({ FunctionName: WORKER, InvocationType: 'Event', Payload: new TextEncoder().encode('{}') }))).rejects.toMatchObject({ name: 'AccessDeniedException' });
    });
  });
});
