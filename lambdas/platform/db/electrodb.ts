/**
 * ElectroDB's Entity without the package index, which also loads Service, transactions and
 * conversions (~20 KB minified) that a single-entity function never uses. Types come from the
 * package as usual. Functions that need transactions import them from 'electrodb' directly.
 */
import type { Entity as ElectroEntity } from 'electrodb';
// @ts-expect-error -- ElectroDB ships no types for its internal module path.
import { Entity as EntityImpl } from 'electrodb/src/entity.js';

export const Entity = EntityImpl as typeof ElectroEntity;
export type { EntityItem } from 'electrodb';
