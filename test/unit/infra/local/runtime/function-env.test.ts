/**
 * The twin's function environment (infra/local/runtime/function-env.ts): the daily quotas' limits
 * (issue 16 finding 2, shared/quotas.ts) set in the shell reach every function, AI or not, so a
 * developer or a test can lower them without another synth; s3rver keeps no object versions, so
 * UPLOADS_VERSIONED (issue 17) is 'false' where the stack sets it.
 */
import { describe, expect, it } from 'vitest';
import { DAILY_QUOTAS } from '@director-ia/shared';
import type { DeployedFunction } from '../../../../../infra/local/deployment/template';
import { functionEnvironment } from '../../../../../infra/local/runtime/function-env';

const fn = (name: string, environment: Record<string, string>): DeployedFunction => ({
  logicalId: name,
  name,
  physicalName: name,
  codeDir: '/tmp/none',
  handler: 'index.handler',
  runtime: 'nodejs24.x',
  timeoutSeconds: 10,
  memoryMb: 256,
  environment,
  roleLogicalId: `${name}Role`,
  policies: [],
});

describe('functionEnvironment', () => {
  it('passes every daily quota set in the shell to every function', () => {
    const settings = Object.fromEntries(Object.values(DAILY_QUOTAS).map((rule, i) => [rule.env, String(i + 1)]));
    const options = { region: 'eu-west-1', gatewayUrl: 'http://gw', credentials: { accessKeyId: 'a', secretAccessKey: 'b' }, settings, siteUrl: 'http://localhost', realAws: false };
    for (const env of [functionEnvironment(fn('solicitarSubida', { TABLE_NAME: 't' }), options), functionEnvironment(fn('enviarMensajeChat', { AI_PROVIDER: 'offline' }), options)]) {
      expect(env).toMatchObject(settings);
    }
    expect(functionEnvironment(fn('obtenerCuotas', {}), { ...options, settings: {} })).not.toHaveProperty(DAILY_QUOTAS.chatTurns.env);
  });

  it('turns UPLOADS_VERSIONED off where the stack sets it (s3rver keeps no versions), and adds it nowhere else', () => {
    const options = { region: 'eu-west-1', gatewayUrl: 'http://gw', credentials: { accessKeyId: 'a', secretAccessKey: 'b' }, settings: {}, siteUrl: 'http://localhost', realAws: false };
    expect(functionEnvironment(fn('dataRights', { UPLOADS_VERSIONED: 'true' }), options).UPLOADS_VERSIONED).toBe('false');
    expect(functionEnvironment(fn('listarLeads', { TABLE_NAME: 't' }), options)).not.toHaveProperty('UPLOADS_VERSIONED');
  });
});
