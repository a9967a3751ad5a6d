/**
 * The single DynamoDB table (architecture "Data"), keys from TABLE_SCHEMA so the twin's
 * CreateTable and this table cannot drift. Grants are explicit action lists on the table and
 * its one index: there is no Scan in them, because no code path may scan across tenants.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import type { TableAccess } from '../functions';
import { TABLE_SCHEMA } from '@director-ia/shared';

const READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'];
// Transactions (e.g. the unique blog slug claim) need these same per-item actions.
const WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
];

export class DataConstruct extends Construct {
  readonly table: Table;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const str = (name: string) => ({ name, type: AttributeType.STRING });
    this.table = new Table(this, 'Table', {
      partitionKey: str(TABLE_SCHEMA.partitionKey),
      sortKey: str(TABLE_SCHEMA.sortKey),
      billingMode: BillingMode.PAY_PER_REQUEST,
      encryption: TableEncryption.AWS_MANAGED,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // Tenant data outlives the stack: deleting the stack or the table by hand must not lose it.
      removalPolicy: RemovalPolicy.RETAIN,
      deletionProtection: true,
      // Expiring items (rate-limit counters) are deleted by DynamoDB some time after `expiresAt`.
      timeToLiveAttribute: TABLE_SCHEMA.timeToLiveAttribute,
    });
    this.table.addGlobalSecondaryIndex({
      indexName: TABLE_SCHEMA.gsi1.indexName,
      partitionKey: str(TABLE_SCHEMA.gsi1.partitionKey),
      sortKey: str(TABLE_SCHEMA.gsi1.sortKey),
      projectionType: ProjectionType.ALL,
    });
  }

  /**
   * Grants exactly `access` on the table and GSI1 (reads only, there is nothing to write); `none`
   * grants nothing. With `partitions` (issue 16), the table's item actions carry a
   * `ForAllValues:StringLike dynamodb:LeadingKeys` condition (every partition key a request names
   * matches one pattern); GSI1 reads do not: an index query names no table partition.
   */
  grant(grantee: IGrantable, access: TableAccess, partitions?: readonly string[]): void {
    const table = this.table.tableArn;
    const index = `${table}/index/${TABLE_SCHEMA.gsi1.indexName}`;
    const conditions = partitions ? { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...partitions] } } : undefined;
    const add = (actions: string[], resources: string[], scoped: boolean) =>
      grantee.grantPrincipal.addToPrincipalPolicy(new PolicyStatement({ actions, resources, ...(scoped && conditions ? { conditions } : {}) }));
    if (access === 'read' || access === 'readWrite') {
      if (conditions) {
        add(READ_ACTIONS, [table], true);
        add(READ_ACTIONS, [index], false);
      } else add(READ_ACTIONS, [table, index], false);
    }
    if (access === 'write' || access === 'readWrite') add(WRITE_ACTIONS, [table], true);
  }
}
