/**
 * platform/db/schema.ts, the parts entities share: attribute kinds, index builders (the stored
 * key layout: field names, templates as written, no case change), sealed secrets, and the lazy
 * process-wide entity on the table.
 */
import { describe, expect, it } from 'vitest';
import { TABLE_SCHEMA } from '@director-ia/shared';
import { defineEntity, fixed, gsi1Index, model, optional, required, sealedSecret, tableIndex, TENANT_ITEM, tenantIndex } from '../../../../../lambdas/platform/db/schema';
import { useEnv } from '../../../../support/env';

useEnv({ TABLE_NAME: 'schema-test' });

describe('attribute kinds', () => {
  it('say required, set once, or optional', () => {
    expect(required('number')).toEqual({ type: 'number', required: true });
    expect(fixed(['a', 'b'])).toEqual({ type: ['a', 'b'], required: true, readOnly: true });
    expect(optional('string')).toEqual({ type: 'string' });
    expect(sealedSecret('geminiApiKey')).toEqual({ geminiApiKeySealed: { type: 'string' }, geminiApiKeyHint: { type: 'string' } });
  });
});

describe('indexes', () => {
  it('a tenant index is partition user#<uid> and the sort key template as written', () => {
    expect(tenantIndex('post#${scheduledDate}#${id}', 'scheduledDate', 'id')).toEqual({
      pk: { field: TABLE_SCHEMA.partitionKey, composite: ['uid'], template: 'user#${uid}', casing: 'none' },
      sk: { field: TABLE_SCHEMA.sortKey, composite: ['scheduledDate', 'id'], template: 'post#${scheduledDate}#${id}', casing: 'none' },
    });
    expect(tenantIndex('profile').sk).toEqual({ field: TABLE_SCHEMA.sortKey, composite: [], template: 'profile', casing: 'none' });
  });

  it('a table index and a GSI1 index name their own fields', () => {
    expect(tableIndex({ template: 'slug#${slug}', composite: ['slug'] }, { template: 'claim', composite: [] })).toEqual({
      pk: { field: TABLE_SCHEMA.partitionKey, composite: ['slug'], template: 'slug#${slug}', casing: 'none' },
      sk: { field: TABLE_SCHEMA.sortKey, composite: [], template: 'claim', casing: 'none' },
    });
    expect(gsi1Index('profiles', 'profile#${createdAt}#${uid}', 'createdAt', 'uid')).toEqual({
      index: TABLE_SCHEMA.gsi1.indexName,
      pk: { field: TABLE_SCHEMA.gsi1.partitionKey, composite: [], template: 'profiles', casing: 'none' },
      sk: { field: TABLE_SCHEMA.gsi1.sortKey, composite: ['createdAt', 'uid'], template: 'profile#${createdAt}#${uid}', casing: 'none' },
    });
  });
});

describe('defineEntity', () => {
  const notes = defineEntity({
    model: model('note'),
    attributes: { ...TENANT_ITEM, text: required('string') },
    indexes: { byUser: tenantIndex('note#${id}', 'id') },
  });

  it('is one entity per process, on the table, whose keys follow the templates', () => {
    expect(notes()).toBe(notes());
    const params = notes().get({ uid: 'u1', id: 'n1' }).params() as { TableName: string; Key: Record<string, string> };
    expect(params.TableName).toBe('schema-test');
    expect(params.Key).toEqual({ [TABLE_SCHEMA.partitionKey]: 'user#u1', [TABLE_SCHEMA.sortKey]: 'note#n1' });
  });

  it('stores the model identity of service director, version 1', () => {
    const put = notes().put({ uid: 'u1', id: 'n1', text: 'hola' }).params() as { Item: Record<string, unknown> };
    expect(put.Item).toMatchObject({ __edb_e__: 'note', __edb_v__: '1', text: 'hola' });
  });
});
