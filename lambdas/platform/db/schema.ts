/**
 * The parts every entity of the single table shares (architecture "Data"; issue 11 item 1), so an
 * entity module states only what differs: its name, its attributes, its sort key template.
 * - Attribute kinds: `required(type)`, `fixed(type)` (required and never updated: key parts and
 *   what an item is created with), `optional(type)`; `type` is an ElectroDB type or a list of values.
 * - `TENANT` (`uid`) and `TENANT_ITEM` (`uid`, `id`): the attributes of a tenant's items.
 * - Keys: `tenantIndex(template, ...composite)` is the primary index of a tenant item (partition
 *   `user#<uid>`, sort key `template`); `tableIndex` any other primary index; `gsi1Index` the GSI1
 *   ones. Templates are written out in full by the entities: they are the stored keys.
 * - `defineEntity(schema)`: the process-wide entity of `schema` on the table, created on first use
 *   (once TABLE_NAME is known), model version '1' of service 'director'.
 */
import { Entity, type EntityItem, type Schema } from 'electrodb';
import { TABLE_SCHEMA } from '@director-ia/shared';
import { documentClient, tableName } from './client';

type AttributeType = 'string' | 'number' | 'boolean' | 'any' | readonly string[];

/** A required attribute that updates may change. */
export const required = <const T extends AttributeType>(type: T) => ({ type, required: true }) as const;
/** A required attribute set when the item is created and never updated. */
export const fixed = <const T extends AttributeType>(type: T) => ({ type, required: true, readOnly: true }) as const;
/** An optional attribute. */
export const optional = <const T extends AttributeType>(type: T) => ({ type }) as const;

/** When the item was created (ISO 8601, never updated). */
export const CREATED = { createdAt: fixed('string') } as const;
/** When the item was created (never updated) and last changed, ISO 8601. */
export const TIMESTAMPS = { ...CREATED, updatedAt: required('string') } as const;
/** What produced an AI-made item: the model id, and whether the offline provider (no AI model) did, which the UI labels. */
export const GENERATED = { offline: required('boolean'), model: required('string') } as const;
/** A settings item's last save, ISO 8601, set by the server on every save. */
export const LAST_UPDATED = { lastUpdated: required('string') } as const;

/**
 * A secret stored only sealed (`<name>Sealed`, an AWS Encryption SDK message from
 * platform/secrets) with its last characters (`<name>Hint`) for the mask; '' in both: none.
 */
export function sealedSecret<const N extends string>(name: N) {
  return { [`${name}Sealed`]: optional('string'), [`${name}Hint`]: optional('string') } as { readonly [K in `${N}Sealed` | `${N}Hint`]: { readonly type: 'string' } };
}

/** The owner's Cognito `sub`: part of every tenant item's partition key. */
export const TENANT = { uid: fixed('string') } as const;
/** A tenant item with its own id in the sort key. */
export const TENANT_ITEM = { ...TENANT, id: fixed('string') } as const;

/** A key of `field`: `template` filled from `composite` (no case change: the stored keys are case sensitive). */
function key<const C extends readonly string[]>(field: string, template: string, composite: C) {
  return { field, composite, template, casing: 'none' } as const;
}

/** The primary index of a tenant item: partition `user#<uid>`, sort key `template`. */
export function tenantIndex<const C extends readonly string[]>(template: string, ...composite: C) {
  return { pk: key(TABLE_SCHEMA.partitionKey, 'user#${uid}', ['uid'] as const), sk: key(TABLE_SCHEMA.sortKey, template, composite) } as const;
}

/** A primary index outside the tenant partitions: partition `pk.template` from `pk.composite`, sort key `sk`. */
export function tableIndex<const P extends readonly string[], const C extends readonly string[]>(
  pk: { template: string; composite: P },
  sk: { template: string; composite: C },
) {
  return { pk: key(TABLE_SCHEMA.partitionKey, pk.template, pk.composite), sk: key(TABLE_SCHEMA.sortKey, sk.template, sk.composite) } as const;
}

/** A GSI1 index: the fixed partition `partition`, sort key `template`. */
export function gsi1Index<const C extends readonly string[]>(partition: string, template: string, ...composite: C) {
  return {
    index: TABLE_SCHEMA.gsi1.indexName,
    pk: key(TABLE_SCHEMA.gsi1.partitionKey, partition, [] as const),
    sk: key(TABLE_SCHEMA.gsi1.sortKey, template, composite),
  } as const;
}

/** The model of entity `entity`. */
export const model = (entity: string) => ({ entity, version: '1', service: 'director' }) as const;

/** The stored item of an entity `defineEntity` made. */
export type ItemOf<E extends () => unknown> =
  ReturnType<E> extends Entity<infer A, infer F, infer C, infer S> ? EntityItem<Entity<A, F, C, S>> : never;

/** The process-wide entity of `schema` on the table (see the module header). */
export function defineEntity<A extends string, F extends string, C extends string, S extends Schema<A, F, C>>(schema: S): () => Entity<A, F, C, S> {
  let entity: Entity<A, F, C, S> | undefined;
  return () => {
    entity ??= new Entity<A, F, C, S>(schema, { client: documentClient, table: tableName() });
    return entity;
  };
}
