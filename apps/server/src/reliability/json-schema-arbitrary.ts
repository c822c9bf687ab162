import fc from 'fast-check';
import type { JsonSchema } from './api-routes.ts';

/**
 * fast-check arbitraries from the JSON Schema that z.toJSONSchema writes for a call's request (the OpenAPI document),
 * since no maintained zod-4 to fast-check library exists. `hints` mix real values into properties of a given name
 * (real instruments for `sym`, the client's own ids) so random bodies also reach past the lookups.
 */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

const SHORT = 24;

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const max = schema.maxLength;
    const matching = fc.stringMatching(pattern);
    return max === undefined ? matching : matching.filter((s) => s.length <= max);
  }
  if (schema.format === 'email') return fc.emailAddress();
  const minLength = schema.minLength ?? 0;
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? SHORT, SHORT)) });
}

function numberOf(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min =
    schema.minimum ??
    (schema.exclusiveMinimum === undefined ? undefined : schema.exclusiveMinimum + (integer ? 1 : Number.EPSILON));
  const max =
    schema.maximum ??
    (schema.exclusiveMaximum === undefined ? undefined : schema.exclusiveMaximum - (integer ? 1 : Number.EPSILON));
  if (integer) return fc.integer({ min: Math.ceil(min ?? -1_000_000), max: Math.floor(max ?? 1_000_000) });
  // Amounts with at most two decimals, as a client sends them; doubles with exponents are in `junk`.
  return fc
    .integer({ min: Math.ceil((min ?? -10_000_000) * 100), max: Math.floor((max ?? 10_000_000) * 100) })
    .map((hundredths) => hundredths / 100);
}

function objectOf(schema: JsonSchema, hints: Hints): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  if (names.length === 0) {
    if (schema.additionalProperties === false) return fc.constant({});
    // A record (propertyNames / additionalProperties schema) or an open object.
    const values =
      typeof schema.additionalProperties === 'object'
        ? arbitraryOf(schema.additionalProperties, hints)
        : fc.jsonValue();
    return fc.dictionary(fc.string({ maxLength: 12 }), values, { maxKeys: 4 });
  }
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const name of names) model[name] = propertyOf(name, properties[name]!, hints);
  return fc.record(model, { requiredKeys: schema.required ?? [] });
}

function propertyOf(name: string, schema: JsonSchema, hints: Hints): fc.Arbitrary<unknown> {
  const generated = arbitraryOf(schema, hints);
  const hint = hints[name];
  return hint ? fc.oneof(hint, generated) : generated;
}

function ofType(type: string, schema: JsonSchema, hints: Hints): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return numberOf(schema, true);
    case 'number':
      return numberOf(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = schema.items ? arbitraryOf(schema.items, hints) : fc.jsonValue();
      const minLength = schema.minItems ?? 0;
      return fc.array(items, { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 4, 4)) });
    }
    case 'object':
      return objectOf(schema, hints);
    default:
      return fc.jsonValue();
  }
}

/** Values that satisfy the schema (as far as JSON Schema says: zod refinements beyond it may still refuse them). */
export function arbitraryOf(schema: JsonSchema, hints: Hints = {}): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return fc.oneof(...options.map((option) => arbitraryOf(option, hints)));
  if (schema.allOf?.[0]) return arbitraryOf(schema.allOf[0], hints);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => ofType(type, schema, hints)));
  if (schema.type) return ofType(schema.type, schema, hints);
  if (schema.properties) return objectOf(schema, hints);
  return fc.jsonValue();
}

/** Values no well-behaved client sends: wrong types, edge numbers, long and odd text, deep junk. */
export const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    -0,
    1e308,
    -1e308,
    2 ** 53,
    -(2 ** 53),
    0.1,
    1e-7,
    '',
    ' ',
    '0',
    '-1',
    'NaN',
    'Infinity',
  ),
  fc.constantFrom(
    'x'.repeat(10_000),
    '9'.repeat(400),
    '\u0000',
    '\u202e\u0645\u0631\u062d\u0628\u0627',
    '🙂'.repeat(50),
    "' OR 1=1 --",
    '<script>',
    '../../etc/passwd',
    '%s%n',
  ),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 4 }),
  fc.constant(JSON.parse('['.repeat(60) + ']'.repeat(60)) as unknown),
  fc.constant(JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}') as unknown),
);

type Mutation = 'replace' | 'remove' | 'add';

/** Every place in a JSON value where a mutation can land: the root and each property or element, by path. */
function placesOf(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  const places = [path];
  if (Array.isArray(value)) value.forEach((item, i) => places.push(...placesOf(item, [...path, i])));
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) places.push(...placesOf(item, [...path, key]));
  }
  return places;
}

function mutate(value: unknown, path: (string | number)[], mutation: Mutation, replacement: unknown): unknown {
  if (path.length === 0) {
    if (mutation === 'add' && value !== null && typeof value === 'object' && !Array.isArray(value))
      return { ...value, unexpectedField: replacement };
    return replacement;
  }
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0 && mutation === 'remove') copy.splice(head as number, 1);
    else copy[head as number] = mutate(copy[head as number], rest, mutation, replacement);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  if (rest.length === 0 && mutation === 'remove') delete copy[head as string];
  else copy[head as string] = mutate(copy[head as string], rest, mutation, replacement);
  return copy;
}

/** A valid value with one mutation at a random place: a wrong-typed or odd value, a missing field, an unknown one. */
export function mutatedArbitraryOf(schema: JsonSchema, hints: Hints = {}): fc.Arbitrary<unknown> {
  return fc
    .tuple(arbitraryOf(schema, hints), fc.nat(), fc.constantFrom<Mutation>('replace', 'remove', 'add'), junk)
    .map(([value, pick, mutation, replacement]) => {
      const places = placesOf(value);
      return mutate(value, places[pick % places.length]!, mutation, replacement);
    });
}

/** What the fuzz sends as request data: half valid by the schema, half mutated. */
export function requestDataArbitrary(schema: JsonSchema, hints: Hints = {}): fc.Arbitrary<unknown> {
  return fc.oneof(arbitraryOf(schema, hints), mutatedArbitraryOf(schema, hints));
}
