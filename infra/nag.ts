/**
 * cdk-nag (v3) wiring: the AwsSolutions pack runs as a CDK policy-validation plugin during synth
 * and fails it on any unacknowledged error. Acknowledgments go through CDK's own
 * `Validations.of(scope).acknowledge`, always with a reason, via the helper below.
 */
import { Validations, type App } from 'aws-cdk-lib';
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
