/**
 * Reading IAM out of a synthesized template for the infra tests: the statements attached to a
 * role, and the role's permissions as sorted `action @ resource` lines with the stack's own
 * resources named (table, uploads, secretsKey, logs), so expectations read like the declarations
 * in infra/functions.ts and do not depend on how CDK merges statements.
 */
import type { CfnElement, Stack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { flattenCfn } from '../../infra/nag';

export type Resource = { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string; DependsOn?: string[] };
export type Statement = { Action: string | string[]; Resource: unknown; Effect: string };

export const logicalId = (stack: Stack, construct: { node: { defaultChild?: unknown } }) =>
  stack.getLogicalId(construct.node.defaultChild as CfnElement);

const asArray = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

type PolicyDocumentJson = { Statement: Statement[] };

/**
 * The identity policies of a role, flattened to statements: its own inline `Policies` (the
 * functions' roles, infra/constructs/node-function.ts FunctionRole) and the AWS::IAM::Policy
 * resources attached to it (other roles).
 */
export function statementsOfRole(template: Template, roleId: string): Statement[] {
  const role = (template.toJSON().Resources as Record<string, Resource>)[roleId];
  const inline = ((role?.Properties.Policies ?? []) as { PolicyDocument: PolicyDocumentJson }[]).flatMap((policy) => policy.PolicyDocument.Statement);
  const attached = Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>)
    .filter((policy) => JSON.stringify(policy.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
    .flatMap((policy) => (policy.Properties.PolicyDocument as PolicyDocumentJson).Statement);
  return [...inline, ...attached];
}

/** Every identity policy document of the template: the roles' inline policies and the AWS::IAM::Policy resources. */
export function identityPolicies(template: Template): { roleId: string; document: PolicyDocumentJson }[] {
  const resources = template.toJSON().Resources as Record<string, Resource>;
  const inline = Object.entries(resources)
    .filter(([, resource]) => resource.Type === 'AWS::IAM::Role')
    .flatMap(([roleId, role]) => ((role.Properties.Policies ?? []) as { PolicyDocument: PolicyDocumentJson }[]).map((policy) => ({ roleId, document: policy.PolicyDocument })));
  const attached = Object.values(resources)
    .filter((resource) => resource.Type === 'AWS::IAM::Policy')
    .flatMap((policy) => ((policy.Properties.Roles ?? []) as { Ref: string }[]).map((role) => ({ roleId: role.Ref, document: policy.Properties.PolicyDocument as PolicyDocumentJson })));
  return [...inline, ...attached];
}

export const actionsOf = (statements: Statement[]) => statements.flatMap((s) => asArray(s.Action));

/**
 * `action @ resource` for every allowed pair of the statements, sorted and without duplicates.
 * `names` maps logical ids to short names: `<Id.Arn>` (and `<Id>`, a Ref) becomes the name.
 */
export function permissionLines(statements: Statement[], names: Record<string, string>): string[] {
  const lines = new Set<string>();
  for (const statement of statements) {
    if (statement.Effect !== 'Allow') throw new Error(`unexpected ${statement.Effect} statement`);
    for (const resource of asArray(statement.Resource)) {
      const flat = flattenCfn(resource).replace(/<([A-Za-z0-9]+)(?:\.Arn)?>/g, (whole, id: string) => names[id] ?? whole);
      for (const action of asArray(statement.Action)) lines.add(`${action} @ ${flat}`);
    }
  }
  return [...lines].sort();
}

/** The lines X-Ray active tracing adds to every function role (infra/constructs/node-function.ts, issue 16). */
export const XRAY_LINES = ['xray:PutTelemetryRecords @ *', 'xray:PutTraceSegments @ *'];
