/**
 * Reads and validates the CDK context of a tenant deployment (`-c tenant=acme -c region=...`).
 * Bad input fails before any construct is created, with a message that says how to fix it.
 */
import { DEFAULT_REGION } from '../shared';

export interface TenantSettings {
  /** Tenant id: names the stack and is the web's `environment`. */
  tenant: string;
  region: string;
  /** First admin: invited by Cognito by email and put in the admins group. */
  adminEmail?: string;
  partnerName?: string;
  publicSiteUrl?: string;
  tokenSyncUrl?: string;
  /** Custom domain of the site; needs `certificateArn` (an ACM certificate in us-east-1). */
  domainName?: string;
  certificateArn?: string;
}

/** Lowercase letters, digits and inner hyphens; short enough for every derived resource name. */
const TENANT_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/;
const REGION_PATTERN = /^[a-z]{2}(?:-[a-z]+)+-\d$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$/;
const ACM_ARN_PATTERN = /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/;

export class ContextError extends Error {
  override name = 'ContextError';
}

/** Context values come from `-c key=value` (strings) or from tests (anything): accept strings only. */
function optionalString(context: Record<string, unknown>, key: string): string | undefined {
  const value = context[key];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new ContextError(`Context "${key}" must be a string.`);
  return value.trim();
}

function checked(value: string | undefined, key: string, pattern: RegExp, hint: string): string | undefined {
  if (value !== undefined && !pattern.test(value)) {
    throw new ContextError(`Invalid context "${key}" = "${value}": ${hint}.`);
  }
  return value;
}

export function parseTenantContext(context: Record<string, unknown>): TenantSettings {
  const tenant = optionalString(context, 'tenant');
  if (tenant === undefined) {
    throw new ContextError('Missing context "tenant": run e.g. `npx cdk synth -c tenant=demo`.');
  }
  checked(
    tenant,
    'tenant',
    TENANT_PATTERN,
    'use 1-32 lowercase letters, digits or hyphens, starting and ending with a letter or digit (e.g. acme-shop)',
  );
  const region = checked(optionalString(context, 'region') ?? DEFAULT_REGION, 'region', REGION_PATTERN, 'expected an AWS region such as eu-west-1');
  const adminEmail = checked(optionalString(context, 'adminEmail')?.toLowerCase(), 'adminEmail', EMAIL_PATTERN, 'expected an email address');
  const publicSiteUrl = checked(optionalString(context, 'publicSiteUrl'), 'publicSiteUrl', /^https?:\/\/\S+$/, 'expected an http(s) URL');
  // Same origin by design (spec: token sync), so a path such as /api/tokenSync or a full URL.
  const tokenSyncUrl = checked(optionalString(context, 'tokenSyncUrl'), 'tokenSyncUrl', /^(?:\/|https:\/\/)\S*$/, 'expected a path starting with / or an https URL');
  const domainName = checked(optionalString(context, 'domainName')?.toLowerCase(), 'domainName', DOMAIN_PATTERN, 'expected a DNS name such as app.example.com');
  const certificateArn = checked(optionalString(context, 'certificateArn'), 'certificateArn', ACM_ARN_PATTERN, 'expected an ACM certificate ARN in us-east-1 (CloudFront only uses certificates from there)');
  if ((domainName === undefined) !== (certificateArn === undefined)) {
    throw new ContextError('Context "domainName" and "certificateArn" go together: give both or neither.');
  }
  return {
    tenant,
    region: region ?? DEFAULT_REGION,
    adminEmail,
    partnerName: optionalString(context, 'partnerName'),
    publicSiteUrl,
    tokenSyncUrl,
    domainName,
    certificateArn,
  };
}
