/**
 * cdk-nag (v3) wiring: the AwsSolutions pack runs as a CDK policy-validation plugin during synth
 * and fails it on any unacknowledged error. Acknowledgments go through CDK's own
 * `Validations.of(scope).acknowledge`, always with a reason, via the helper below.
 */
import { Stack, Validations, type App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/** Namespace of the AwsSolutions pack's findings in CDK's validation report. */
export const NAG_NAMESPACE = 'AwsSolutions';

export function addNagChecks(app: App): void {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
}

/**
 * Acknowledges AwsSolutions findings (rule id, e.g. `AwsSolutions-IAM5[Action::s3:List*]`, →
 * reason) on a construct and everything below it. The ids get the plugin's namespace, as the
 * validation report asks: without it CDK files them under `Annotation::`.
 */
export function acknowledge(scope: IConstruct, rules: Record<string, string>): void {
  for (const [id, reason] of Object.entries(rules)) {
    Validations.of(scope).acknowledge({ id: `${NAG_NAMESPACE}::${id}`, reason });
  }
}

/**
 * A resolved CloudFormation value flattened the way cdk-nag names resources in its findings
 * (its own flattenCfnReference is not exported): `Fn::Join` joined, `Fn::GetAtt` as
 * `<Logical.Attr>`, `Ref` as `<Name>`, `${X}` of `Fn::Sub` as `<X>`.
 */
export function flattenCfn(node: unknown): string {
  if (node === undefined) return '';
  if (typeof node === 'string') return node.replace(/\$\{/g, '<').replace(/\}/g, '>');
  const value = node as Record<string, unknown>;
  if (value['Fn::Join']) {
    const [delimiter, items] = value['Fn::Join'] as [string, unknown[]];
    return items.map(flattenCfn).join(delimiter);
  }
  if (value['Fn::Sub']) return flattenCfn(value['Fn::Sub']);
  if (value['Fn::GetAtt']) {
    const [logicalId, attribute] = value['Fn::GetAtt'] as [unknown, unknown];
    return `<${flattenCfn(logicalId)}.${flattenCfn(attribute)}>`;
  }
  if (value['Fn::ImportValue']) return flattenCfn(value['Fn::ImportValue']);
  if (value.Ref) return `<${flattenCfn(value.Ref)}>`;
  return JSON.stringify(node);
}

/**
 * How cdk-nag names a policy resource (a string that may hold tokens) in an IAM5 finding,
 * `Resource::<this>`: lets acknowledgements name the exact wildcard resource instead of a
 * hand-built string that drifts when logical ids change.
 */
export function nagResourceId(scope: IConstruct, resource: string): string {
  return flattenCfn(Stack.of(scope).resolve(resource));
}
