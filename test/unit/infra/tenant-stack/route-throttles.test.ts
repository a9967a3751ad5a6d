/**
 * Issue 16 finding 1: per-route throttles, so the public routes (widget callables, the networks'
 * webhooks, tracked links `/r/{code}`, the public blog, the OAuth callback page: every route
 * without authorizer) cannot use up the API's capacity and the Lambda concurrency that the
 * signed-in routes need. Each public route has a stage route setting (rate and burst) lower than
 * the stage default; no signed-in route has one (they keep the default); the stage depends on the
 * public routes, since a route setting of a route that does not exist yet fails the deployment.
 */
import type { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { PUBLIC_ROUTE_THROTTLE, STAGE_THROTTLE } from '../../../../infra/constructs/api';
import { useSynthesizedTenant } from '../../../support/cdk-fixture';
import type { Resource } from '../../../support/template-iam';

type RouteSettings = Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }>;

describe('route throttles (tenant stack)', () => {
  let template: Template;
  useSynthesizedTenant({ tenant: 'demo', adminEmail: 'admin@example.com' }, { webBuild: false }, (synth) => ({ template } = synth));

  const routes = () => Object.entries(template.findResources('AWS::ApiGatewayV2::Route') as Record<string, Resource>);
  const stage = () => {
    const stages = Object.values(template.findResources('AWS::ApiGatewayV2::Stage') as Record<string, Resource & { DependsOn?: string[] }>);
    expect(stages).toHaveLength(1);
    return stages[0]!;
  };
  const keysOf = (auth: 'NONE' | 'JWT') => routes().filter(([, route]) => route.Properties.AuthorizationType === auth);

  it('public limits are lower than the stage default', () => {
    expect(PUBLIC_ROUTE_THROTTLE.rateLimit).toBeLessThan(STAGE_THROTTLE.rateLimit);
    expect(PUBLIC_ROUTE_THROTTLE.burstLimit).toBeLessThan(STAGE_THROTTLE.burstLimit);
    expect(stage().Properties.DefaultRouteSettings).toMatchObject({ ThrottlingRateLimit: STAGE_THROTTLE.rateLimit, ThrottlingBurstLimit: STAGE_THROTTLE.burstLimit });
  });

  it('every public route has the public throttle, and the stage waits for it', () => {
    const settings = stage().Properties.RouteSettings as RouteSettings;
    const publicRoutes = keysOf('NONE');
    const keys = publicRoutes.map(([, route]) => route.Properties.RouteKey as string);
    for (const expected of ['POST /api/obtenerWidget', 'POST /api/enviarMensajeWidget', 'POST /api/registrarLeadWidget', 'GET /r/{code}', 'GET /blog/{proxy+}']) expect(keys).toContain(expected);
    expect(keys.some((key) => key.startsWith('POST /webhooks/'))).toBe(true);
    for (const key of keys) expect(settings[key], key).toEqual({ ThrottlingRateLimit: PUBLIC_ROUTE_THROTTLE.rateLimit, ThrottlingBurstLimit: PUBLIC_ROUTE_THROTTLE.burstLimit });
    expect(Object.keys(settings).sort()).toEqual([...new Set(keys)].sort());
    for (const [id] of publicRoutes) expect(stage().DependsOn ?? []).toContain(id);
  });

  it('signed-in routes keep the stage default', () => {
    const settings = (stage().Properties.RouteSettings ?? {}) as RouteSettings;
    const signedIn = keysOf('JWT');
    expect(signedIn.length).toBeGreaterThan(20);
    for (const [, route] of signedIn) expect(settings[route.Properties.RouteKey as string]).toBeUndefined();
  });
});
