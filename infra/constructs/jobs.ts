/**
 * Background work driven by AWS events (architecture "jobs"): the knowledge processing Lambda,
 * invoked by the uploads bucket for every object created under `users/` (the handler itself
 * ignores keys that are not knowledge documents, since S3 filters cannot express
 * `users/<sub>/knowledge/`). Extraction needs pdf.js and mammoth only for PDF and DOCX, so they are
 * installed beside the bundle and loaded by dynamic import instead of being bundled.
 */
import { Duration, Stack } from 'aws-cdk-lib';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { EventType, type IBucket } from 'aws-cdk-lib/aws-s3';
import { LambdaDestination } from 'aws-cdk-lib/aws-s3-notifications';
import { Construct } from 'constructs';
import { KNOWLEDGE_UPLOADED_ACCESS } from '../functions';
import { acknowledge } from '../nag';
import { eventEntry } from '../paths';
import type { FunctionGrants } from './grants';
import { createNodeFunction } from './node-function';

export interface JobsProps {
  grants: FunctionGrants;
  uploadsBucket: IBucket;
  projectRoot: string;
  /** Environment shared by every function (table name, service name, uploads bucket). */
  environment: Record<string, string>;
}

/** Key prefix of the uploads bucket whose created objects reach the processing Lambda. */
export const KNOWLEDGE_EVENTS_PREFIX = 'users/';

/** Packages the processing Lambda loads from node_modules beside its bundle (see the header). */
export const KNOWLEDGE_NODE_MODULES = ['unpdf', 'mammoth'];

export class JobsConstruct extends Construct {
  readonly knowledgeUploaded: NodejsFunction;

  constructor(scope: Construct, id: string, props: JobsProps) {
    super(scope, id);

    this.knowledgeUploaded = createNodeFunction(this, 'KnowledgeUploaded', {
      entry: eventEntry(props.projectRoot, 'knowledgeUploaded'),
      projectRoot: props.projectRoot,
      environment: props.environment,
      description: 'S3 ObjectCreated: extracts, chunks and embeds uploaded knowledge documents',
      // A 10 MB PDF parsed by pdf.js plus embedding a thousand passages in batches.
      timeout: Duration.minutes(5),
      memorySize: 1536,
      nodeModules: KNOWLEDGE_NODE_MODULES,
    });
    props.grants.apply(this.knowledgeUploaded, KNOWLEDGE_UPLOADED_ACCESS);

    props.uploadsBucket.addEventNotification(EventType.OBJECT_CREATED, new LambdaDestination(this.knowledgeUploaded), {
      prefix: KNOWLEDGE_EVENTS_PREFIX,
    });
    this.acknowledgeNotificationsHandler();
  }

  /**
   * The notification is configured by a CDK custom resource whose Lambda and role are CDK's. Its
   * s3:PutBucketNotification is scoped to the uploads bucket and its Python runtime is current, so
   * the managed logging policy is its only finding.
   */
  private acknowledgeNotificationsHandler(): void {
    const handler = Stack.of(this).node.children.find((child) => child.node.id.startsWith('BucketNotificationsHandler'));
    if (!handler) return;
    acknowledge(handler, {
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]':
        "CDK-managed bucket-notifications handler (custom resource that writes the uploads bucket's notification configuration, run only during deployments): aws-cdk-lib gives its role this managed policy for its own logs, whose log group is named after a function name CloudFormation generates, so a scoped replacement would still need a wildcard.",
    });
  }
}
