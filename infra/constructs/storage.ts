/**
 * Buckets that hold data (architecture "Files"): the private uploads bucket for users' files
 * (browser presigned POST/PUT, presigned GET downloads) and the access-log bucket that receives
 * S3 server access logs and CloudFront logs of the whole stack.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  ObjectOwnership,
  type BucketProps,
} from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { EDGE_LOG_RETENTION_DAYS, EXPORT_OBJECT_TAG } from '@director-ia/shared';

/** Settings every bucket of the stack shares: private, encrypted, TLS 1.2+ only. */
export const PRIVATE_BUCKET: BucketProps = {
  blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
  encryption: BucketEncryption.S3_MANAGED,
  enforceSSL: true,
  minimumTLSVersion: 1.2,
};

/** Where CloudFront writes its standard logs in the logs bucket. */
export const CLOUDFRONT_LOG_PREFIX = 'cloudfront/';

export class StorageConstruct extends Construct {
  readonly logsBucket: Bucket;
  readonly uploadsBucket: Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    this.logsBucket = new Bucket(this, 'AccessLogs', {
      ...PRIVATE_BUCKET,
      // CloudFront standard logs are delivered with ACLs; S3 server access logs use the policy.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [
        // CloudFront's standard logs carry every viewer's IP address (tracked links' visitors
        // included): kept for security only as long as the privacy note says (issue 15 item 4).
        { prefix: CLOUDFRONT_LOG_PREFIX, expiration: Duration.days(EDGE_LOG_RETENTION_DAYS) },
        { expiration: Duration.days(365) },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.uploadsBucket = new Bucket(this, 'Uploads', {
      ...PRIVATE_BUCKET,
      versioned: true,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 's3/uploads/',
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(7) },
        // Versioning protects against overwrites; old versions need not live forever.
        { noncurrentVersionExpiration: Duration.days(90) },
        // Issue 17 item 2: data export zips (tagged by the data-rights worker) are kept one day, then
        // deleted with their versions (users/<sub>/exports/: a prefix filter cannot name every user).
        { tagFilters: { [EXPORT_OBJECT_TAG.key]: EXPORT_OBJECT_TAG.value }, expiration: Duration.days(1), noncurrentVersionExpiration: Duration.days(1) },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }

  /** The browser uploads (presigned POST/PUT) and downloads (presigned GET) from the site origin. */
  allowBrowserAccessFrom(origins: string[]): void {
    this.uploadsBucket.addCorsRule({
      allowedOrigins: origins,
      allowedMethods: [HttpMethods.POST, HttpMethods.PUT, HttpMethods.GET],
      allowedHeaders: ['*'],
      exposedHeaders: ['ETag'],
      maxAge: 3000,
    });
  }
}
