/**
 * DynamoDB (JSON 1.0, `X-Amz-Target: DynamoDB_20120810.<Op>`): the IAM authorizations a request
 * needs, and the AccessDeniedException DynamoDB answers. `dynamodb:LeadingKeys` is the partition
 * key value(s) of the items a table request names (the table's key attribute, TABLE_SCHEMA);
 * index queries and scans carry none.
 */
import { UnmappedRequest, type AuthorizationRequest, type ContextValue } from './types';
import { TABLE_SCHEMA } from '@director-ia/shared';

export const DYNAMODB_TARGET_PREFIX = 'DynamoDB_20120810.';

type AttributeValue = Record<string, unknown>;
type Item = Record<string, AttributeValue | undefined>;
type Body = Record<string, unknown>;

const PARTITION_KEY = TABLE_SCHEMA.partitionKey;

/** Operations that act on items of a table: their leading keys are known from the request. */
const ITEM_OPERATIONS = new Set(['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem']);

/** Context keys copied from request parameters when present. */
const PARAMETER_KEYS: [string, string][] = [
  ['ReturnValues', 'dynamodb:ReturnValues'],
  ['Select', 'dynamodb:Select'],
  ['ReturnConsumedCapacity', 'dynamodb:ReturnConsumedCapacity'],
];

/** The ARN of `table` (a name, or already an ARN as DynamoDB also accepts). */
export function tableArn(table: string, region: string, accountId: string): string {
  return table.startsWith('arn:') ? table : `arn:aws:dynamodb:${region}:${accountId}:table/${table}`;
}

/** The scalar of an attribute value ({S}, {N} or {B}), as IAM compares it. */
function scalar(value: AttributeValue | undefined): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  for (const type of ['S', 'N', 'B'] as const) if (typeof value[type] === 'string') return value[type] as string;
  return undefined;
}

function leadingKey(item: unknown): string[] {
  const value = scalar((item as Item | undefined)?.[PARTITION_KEY]);
  return value === undefined ? [] : [value];
}

/** The partition key value a Query's key condition pins (`#pk = :pk` or legacy KeyConditions). */
function queryLeadingKeys(body: Body): string[] {
  const legacy = (body.KeyConditions as Record<string, { ComparisonOperator?: string; AttributeValueList?: AttributeValue[] }> | undefined)?.[PARTITION_KEY];
  if (legacy?.ComparisonOperator === 'EQ') {
    const value = scalar(legacy.AttributeValueList?.[0]);
    return value === undefined ? [] : [value];
  }
  const expression = typeof body.KeyConditionExpression === 'string' ? body.KeyConditionExpression : '';
  const names = (body.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const values = (body.ExpressionAttributeValues ?? {}) as Record<string, AttributeValue>;
  const resolve = (operand: string) => (operand.startsWith('#') ? names[operand] : operand);
  for (const [, left = '', right = ''] of expression.matchAll(/([#\w.:]+)\s*=\s*([#\w.:]+)/g)) {
    const [name, value] = left.startsWith(':') ? [right, left] : [left, right];
    if (resolve(name) === PARTITION_KEY && value.startsWith(':')) {
      const key = scalar(values[value]);
      return key === undefined ? [] : [key];
    }
  }
  return [];
}

function withLeadingKeys(context: Record<string, ContextValue>, keys: string[]): Record<string, ContextValue> {
  return keys.length > 0 ? { ...context, 'dynamodb:LeadingKeys': [...new Set(keys)] } : context;
}

/**
 * The authorizations of one DynamoDB request. Transactions need one per item (Put → PutItem,
 * Update → UpdateItem, Delete → DeleteItem, ConditionCheck → ConditionCheckItem; TransactGetItems
 * → GetItem), batches one per table. Throws UnmappedRequest for PartiQL and malformed requests.
 */
export function dynamoAuthorizations(target: string, body: Body, region: string, accountId: string): AuthorizationRequest[] {
  if (!target.startsWith(DYNAMODB_TARGET_PREFIX)) throw new UnmappedRequest(`Unknown DynamoDB target ${target}`);
  const operation = target.slice(DYNAMODB_TARGET_PREFIX.length);
  const arn = (table: unknown) => {
    if (typeof table !== 'string' || !table) throw new UnmappedRequest(`DynamoDB ${operation}: missing TableName`);
    return tableArn(table, region, accountId);
  };
  const parameters: Record<string, ContextValue> = {};
  for (const [parameter, key] of PARAMETER_KEYS) if (typeof body[parameter] === 'string') parameters[key] = body[parameter] as string;

  switch (operation) {
    case 'TransactWriteItems': {
      const items = (body.TransactItems ?? []) as Record<string, { TableName?: string; Item?: Item; Key?: Item } | undefined>[];
      return items.map((item) => {
        const [kind, detail] = Object.entries(item).find(([, value]) => value) ?? [];
        const action = { Put: 'PutItem', Update: 'UpdateItem', Delete: 'DeleteItem', ConditionCheck: 'ConditionCheckItem' }[kind ?? ''];
        if (!action || !detail) throw new UnmappedRequest(`DynamoDB TransactWriteItems: unknown item kind ${kind ?? '(none)'}`);
        return { action: `dynamodb:${action}`, resource: arn(detail.TableName), context: withLeadingKeys({}, leadingKey(detail.Item ?? detail.Key)) };
      });
    }
    case 'TransactGetItems': {
      const items = (body.TransactItems ?? []) as { Get?: { TableName?: string; Key?: Item } }[];
      return items.map(({ Get }) => ({ action: 'dynamodb:GetItem', resource: arn(Get?.TableName), context: withLeadingKeys({}, leadingKey(Get?.Key)) }));
    }
    case 'BatchGetItem': {
      const tables = (body.RequestItems ?? {}) as Record<string, { Keys?: Item[] }>;
      return Object.entries(tables).map(([table, { Keys = [] }]) => ({
        action: 'dynamodb:BatchGetItem',
        resource: arn(table),
        context: withLeadingKeys({ ...parameters }, Keys.flatMap(leadingKey)),
      }));
    }
    case 'BatchWriteItem': {
      const tables = (body.RequestItems ?? {}) as Record<string, { PutRequest?: { Item?: Item }; DeleteRequest?: { Key?: Item } }[]>;
      return Object.entries(tables).map(([table, requests]) => ({
        action: 'dynamodb:BatchWriteItem',
        resource: arn(table),
        context: withLeadingKeys({ ...parameters }, requests.flatMap((r) => leadingKey(r.PutRequest?.Item ?? r.DeleteRequest?.Key))),
      }));
    }
    case 'ExecuteStatement':
    case 'BatchExecuteStatement':
    case 'ExecuteTransaction':
      throw new UnmappedRequest(`The local AWS gateway does not map DynamoDB PartiQL (${operation}) to IAM actions.`, 501);
  }

  if (typeof body.TableName !== 'string') return [{ action: `dynamodb:${operation}`, resource: '*', context: parameters }];
  const table = arn(body.TableName);
  const index = typeof body.IndexName === 'string' && (operation === 'Query' || operation === 'Scan') ? body.IndexName : undefined;
  if (index) return [{ action: `dynamodb:${operation}`, resource: `${table}/index/${index}`, context: parameters }];
  let keys: string[] = [];
  if (ITEM_OPERATIONS.has(operation)) keys = leadingKey(operation === 'PutItem' ? body.Item : body.Key);
  else if (operation === 'Query') keys = queryLeadingKeys(body);
  return [{ action: `dynamodb:${operation}`, resource: table, context: withLeadingKeys(parameters, keys) }];
}
