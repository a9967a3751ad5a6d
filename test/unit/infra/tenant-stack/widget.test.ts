/**
 * The website widget in the tenant stack (issue 6 item 1): the table's time-to-live attribute
 * (rate-limit counters expire), and the widget functions as public routes (no JWT authorizer)
 * whose roles can count (UpdateItem), store turns and leads (transactions), open the brand's
 * secrets and, for answers, invoke the model. (Exact permission sets: permissions.test.ts.)
 */
import type { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { PUBLISHER_DESCRIPTION, PUBLISHING_SWEEP_DESCRIPTION } from '../../../../infra/constructs/publishing';
import { INBOX_WORKER_DESCRIPTION } from '../../../../infra/constructs/inbox';
import { TRACKED_REDIRECT_DESCRIPTION } from '../../../../infra/constructs/tracked-links';
import { ACCOUNT_MAIL_CALLABLES, CAMPAIGN_SITE_URL_CALLABLES, FUNCTION_ACCESS, LEAD_NOTIFYING_CALLABLES, OAUTH_REDIRECT_CALLABLES, WEBHOOK_URL_CALLABLES } from '../../../../infra/functions';
import { CALLABLES, SITE_URL_ENV, TABLE_SCHEMA } from '@director-ia/shared';
import { useSynthesizedTenant } from '../../../support/cdk-fixture';

const WIDGET_FUNCTIONS = ['obtenerWidget', 'enviarMensajeWidget', 'registrarLeadWidget'] as const;

describe('widget infrastructure', () => {
  let template: Template;

  useSynthesizedTenant({ tenant: 'demo' }, { webBuild: false }, (synth) => ({ template } = synth));

  it('the table deletes expired counters by TTL on `expiresAt`', () => {
    expect(TABLE_SCHEMA.timeToLiveAttribute).toBe('expiresAt');
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
    });
  });

  it.each(WIDGET_FUNCTIONS)('%s is a public route (no authorizer)', (name) => {
    expect(CALLABLES[name].access).toBe('public');
    template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: `POST /api/${name}`, AuthorizationType: 'NONE' });
  });

  it('the widget functions read and write the table; answers and leads open secrets; only answers invoke the model', () => {
    for (const name of WIDGET_FUNCTIONS) expect(FUNCTION_ACCESS[name].table).toBe('readWrite');
    expect(FUNCTION_ACCESS.obtenerWidget.permissions ?? []).toEqual([]);
    expect(FUNCTION_ACCESS.enviarMensajeWidget.permissions).toEqual(['secrets:open:ai-key', 'ai:invoke']);
    expect(FUNCTION_ACCESS.registrarLeadWidget.permissions).toEqual(['secrets:open:gmail']);
  });

  it('only the functions that send the new-lead e-mail, the approval e-mail or the publishing digest (or build and serve an OAuth redirect or a webhook URL, tenant-stack/social.test.ts, or check a tracked link target) know the site URL', () => {
    const functions = Object.values(template.findResources('AWS::Lambda::Function')) as { Properties: { Description?: string; Environment?: { Variables?: Record<string, unknown> } } }[];
    const withSiteUrl = functions.filter((fn) => fn.Properties.Environment?.Variables?.[SITE_URL_ENV] !== undefined);
    const described = withSiteUrl.map((fn) => fn.Properties.Description ?? '').filter((description) => !description.startsWith('OAuth callback page'));
    expect(described.sort()).toEqual(
      [
        ...LEAD_NOTIFYING_CALLABLES.map((name) => `Callable ${name} (public)`),
        // The approval e-mail tells the user where to sign in (issue 17).
        ...ACCOUNT_MAIL_CALLABLES.map((name) => `Callable ${name} (admin)`),
        ...[...OAUTH_REDIRECT_CALLABLES, ...WEBHOOK_URL_CALLABLES].map((name) => `Callable ${name} (active)`),
        // Campaigns: the landing URL rule and the posts' tracked links (issue 15).
        ...CAMPAIGN_SITE_URL_CALLABLES.map((name) => `Callable ${name} (active)`),
        PUBLISHING_SWEEP_DESCRIPTION,
        // The publisher: a publication's tracked link (issue 15).
        PUBLISHER_DESCRIPTION,
        // The inbox worker's new-lead e-mail (issue 14).
        INBOX_WORKER_DESCRIPTION,
        // The tracked links' redirect: the site's origin is the one target origin always allowed (issue 15).
        TRACKED_REDIRECT_DESCRIPTION,
      ].sort(),
    );
    expect(withSiteUrl).toHaveLength(described.length + 1);
    // The CloudFront distribution's domain (no custom domain in this context).
    expect(JSON.stringify(withSiteUrl[0]?.Properties.Environment?.Variables?.[SITE_URL_ENV])).toMatch(/Distribution.*DomainName/);
  });
});
