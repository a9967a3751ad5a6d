/**
 * Every callable's input schema (shared/contract/functions.ts CALLABLES; issue 16 "Done when"):
 * fast-check builds adversarial payloads at the callable's largest accepted body (maxBodyBytes,
 * else DEFAULT_MAX_BODY_BYTES) — one long string in any field or spread over all of them, made of
 * backtracking-prone or unicode units, deep nesting, many keys, wide arrays — and each parse must
 * finish under 50 ms (generarImagen's 5.3 MB body: under twice its own JSON.parse). Payloads follow the schema's own shape (its JSON Schema) so the long values
 * reach the checks a real attacker would reach.
 */
import fc from 'fast-check';
import { Buffer } from 'node:buffer';
import { afterAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { CALLABLE_NAMES, CALLABLES, DEFAULT_MAX_BODY_BYTES } from '@director-ia/shared';

const LIMIT_MS = 50;
/** `{"data":…}` around the payload. */
const ENVELOPE_BYTES = 9;

/**
 * Best of `times` runs of `work`, in ms: a garbage collection or another process's burst is not
 * the payload's cost.
 */
function bestOf(times: number, work: () => unknown): number {
  let best = Infinity;
  for (let attempt = 0; attempt < times; attempt++) {
    const started = performance.now();
    work();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/** Repeated units: pattern metacharacters, separators, and unicode that grows in UTF-8 or in JSON escapes. */
const UNITS = ['a', '.', 'a.', '@', 'a@', ' ', ' a', '\t', '\n', '-', '_', '/', ':', '#', '%', '\\', '"', 'é', '😀', 'e\u0301', '\u200b', '\u202e', '\ud800', '\u0000', 'http://', '1', '0:', 'Aa1'];
const ENDS = ['', 'a@', '@', '!', ' ', 'https://', '.', '😀'];

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; items?: JsonSchema | JsonSchema[]; prefixItems?: JsonSchema[]; anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; allOf?: JsonSchema[]; enum?: unknown[]; const?: unknown; additionalProperties?: JsonSchema | boolean };

interface Plan {
  strategy: 'one' | 'spread' | 'deep' | 'keys' | 'wide';
  unit: string;
  prefix: string;
  suffix: string;
  pick: number;
  branch: number;
}

const LONG = Symbol('long');

/** The payload's shape from the schema, with a marker in every string leaf (filled later). */
function skeleton(schema: JsonSchema | undefined, plan: Plan, depth = 0): unknown {
  if (schema === undefined || depth > 8) return LONG;
  const options = schema.anyOf ?? schema.oneOf;
  if (options !== undefined && options.length > 0) return skeleton(options[plan.branch % options.length], plan, depth + 1);
  if (schema.allOf?.[0] !== undefined) return skeleton(schema.allOf[0], plan, depth + 1);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum !== undefined) return schema.enum[plan.pick % schema.enum.length];
  const type = Array.isArray(schema.type) ? schema.type[plan.branch % schema.type.length] : schema.type;
  switch (type) {
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      if (properties.length === 0) return { k: LONG };
      return Object.fromEntries(properties.map(([key, value]) => [key, skeleton(value, plan, depth + 1)]));
    }
    case 'array': {
      const items = schema.prefixItems ?? (Array.isArray(schema.items) ? schema.items : [schema.items, schema.items, schema.items]);
      return items.map((item) => skeleton(item, plan, depth + 1));
    }
    case 'number':
    case 'integer':
      return 1e308;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return LONG;
  }
}

/** Replaces the markers: `fill(index)` gives the string for the index-th marker (document order). */
function fillLeaves(value: unknown, fill: (index: number) => unknown, counter = { next: 0 }): unknown {
  if (value === LONG) return fill(counter.next++);
  if (Array.isArray(value)) return value.map((item) => fillLeaves(item, fill, counter));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillLeaves(item, fill, counter)]));
  return value;
}

function countLeaves(value: unknown): number {
  let count = 0;
  fillLeaves(value, () => count++);
  return count;
}

function bytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value));
}

/** `prefix + unit×n + suffix` taking about `room` bytes of JSON. */
function longString(plan: Plan, room: number): string {
  const unitBytes = bytes(plan.unit) - 2;
  const fixed = bytes(plan.prefix + plan.suffix) - 2;
  return plan.prefix + plan.unit.repeat(Math.max(0, Math.floor((room - fixed) / unitBytes))) + plan.suffix;
}

/** Nested arrays and objects (`[{"a":[{"a":…}]}]`) as JSON text taking about `room` bytes (too deep to stringify). */
function nested(room: number): string {
  const levels = Math.floor(room / 8);
  return `${'[{"a":'.repeat(levels)}1${'}]'.repeat(levels)}`;
}

const DEEP = '\u0001deep';

/** Where in the skeleton a crafted value goes: a top-level key (by `pick`), or the root. */
function placeAt(shape: unknown, plan: Plan, crafted: unknown): unknown {
  if (typeof shape !== 'object' || shape === null || Array.isArray(shape)) return crafted;
  const keys = Object.keys(shape);
  if (keys.length === 0) return crafted;
  return { ...shape, [keys[plan.pick % keys.length]!]: crafted };
}

/** The payload's JSON text, at most `maxBytes` bytes: built for the room, then shrunk by any overshoot. */
function payloadText(schema: JsonSchema, plan: Plan, maxBytes: number): string {
  let room = maxBytes;
  for (;;) {
    const crafted = payload(schema, plan, room);
    const text = typeof crafted === 'string' && plan.strategy === 'deep' ? crafted : JSON.stringify(crafted);
    const overshoot = Buffer.byteLength(text) - maxBytes;
    if (overshoot <= 0) return text;
    room -= overshoot + 16;
  }
}

function payload(schema: JsonSchema, plan: Plan, maxBytes: number): unknown {
  const shape = skeleton(schema, plan);
  const small = fillLeaves(shape, () => plan.prefix + plan.unit.repeat(8) + plan.suffix);
  const room = maxBytes - bytes(small) - 64;
  switch (plan.strategy) {
    case 'one': {
      const leaves = countLeaves(shape);
      const chosen = plan.pick % Math.max(1, leaves);
      return fillLeaves(shape, (index) => (index === chosen ? longString(plan, room) : plan.prefix + plan.unit.repeat(8) + plan.suffix));
    }
    case 'spread': {
      const share = Math.floor((maxBytes - bytes(fillLeaves(shape, () => '')) - 64) / Math.max(1, countLeaves(shape)));
      return fillLeaves(shape, () => longString(plan, share - 2));
    }
    case 'deep':
      return JSON.stringify(placeAt(small, plan, DEEP)).replace(JSON.stringify(DEEP), nested(room));
    case 'keys': {
      const keys = Math.floor(room / (2 * bytes(plan.unit) + 8));
      const many = Object.fromEntries(Array.from({ length: keys }, (_, index) => [`${plan.unit}${index}`, plan.unit]));
      return typeof small === 'object' && small !== null && !Array.isArray(small) ? { ...many, ...small } : many;
    }
    case 'wide': {
      const element = longString(plan, 16);
      return placeAt(small, plan, Array.from({ length: Math.floor(room / (bytes(element) + 1)) }, () => element));
    }
  }
}

const planArbitrary: fc.Arbitrary<Plan> = fc.record({
  strategy: fc.constantFrom('one', 'spread', 'deep', 'keys', 'wide'),
  unit: fc.constantFrom(...UNITS),
  prefix: fc.constantFrom(...ENDS),
  suffix: fc.constantFrom(...ENDS),
  pick: fc.nat({ max: 1000 }),
  branch: fc.nat({ max: 10 }),
});

const slowest: { name: string; ms: number }[] = [];

describe('every callable schema at its largest body', () => {
  afterAll(() => {
    const worst = slowest.toSorted((a, b) => b.ms - a.ms).slice(0, 5);
    console.info(`slowest parses: ${worst.map(({ name, ms }) => `${name} ${ms.toFixed(1)} ms`).join(', ')}`);
  });

  it.each(CALLABLE_NAMES)('%s parses each adversarial payload in time', (name) => {
    const definition = CALLABLES[name] as { input: $ZodType; maxBodyBytes?: number };
    const maxBytes = definition.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    const schema = z.toJSONSchema(definition.input, { io: 'input', unrepresentable: 'any', cycles: 'ref' }) as JsonSchema;
    z.safeParse(definition.input, {}); // warm-up: first-call compilation is not the payload's cost
    let worst = 0;
    fc.assert(
      fc.property(planArbitrary, (plan) => {
        const body = `{"data":${payloadText(schema, plan, maxBytes - ENVELOPE_BYTES)}}`;
        expect(Buffer.byteLength(body)).toBeLessThanOrEqual(maxBytes);
        const { data } = JSON.parse(body) as { data: unknown }; // what the envelope hands the schema
        const elapsed = bestOf(3, () => z.safeParse(definition.input, data));
        // 50 ms; only generarImagen's 5.3 MB body (an inspiration image) can take longer, linearly:
        // walking 500k keys costs about what JSON.parse of that body does (~0.5 s), so its bound
        // is twice the envelope's own JSON.parse of the same body — a quadratic schema exceeds both.
        const bound = maxBytes <= 256 * 1024 ? LIMIT_MS : Math.max(LIMIT_MS, 2 * bestOf(1, () => JSON.parse(body)));
        worst = Math.max(worst, elapsed);
        expect(elapsed).toBeLessThan(bound);
      }),
      { numRuns: maxBytes > 256 * 1024 ? 6 : 30 },
    );
    slowest.push({ name, ms: worst });
  });
});
