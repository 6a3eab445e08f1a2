// The schema → fast-check compiler on hand-written schemas that together use every keyword it
// supports: valid values validate, and each invalid value fails for exactly the rule it names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { ErrorObject } from 'ajv';
import { createAjv } from '../../contract/schemas/ajv.js';
import {
  breakableRules,
  formatArbitrary,
  invalidArbitrariesByRule,
  invalidArbitrary,
  validArbitrary,
  type InvalidCase,
  type SchemaResolver,
} from '../../src/generators/index.js';
import { assertFailsForItsRule } from './invalid-case.js';

const BASE = 'https://schemas.conformance.test/generators-test/';
const SEED = 20240607;

const common = {
  $id: `${BASE}common.json`,
  $defs: {
    dateTime: {
      type: 'object',
      required: ['utc', 'epoch'],
      properties: {
        utc: { type: 'string', format: 'date-time' },
        epoch: { type: 'integer', minimum: 0 },
        local: { type: ['string', 'null'], format: 'iso-date-time' },
      },
    },
    name: { type: 'string', minLength: 1, maxLength: 40, pattern: '\\S' },
  },
};

const person = {
  $id: `${BASE}person.json`,
  'x-clause': 'test',
  'x-decision': 'annotations are ignored',
  type: 'object',
  required: ['name', 'email', 'kind'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 40 },
    email: { type: 'string', format: 'email' },
    kind: { const: 'person' },
    age: { type: 'integer', minimum: 0, maximum: 150 },
    score: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
    price: { type: 'number', minimum: 0, maximum: 1000, multipleOf: 0.01 },
    status: { enum: ['active', 'archived'] },
    nickname: { type: ['string', 'null'], maxLength: 12 },
    code: { type: 'string', pattern: '^[A-Z]{3}$' },
    tags: { type: 'array', items: { type: 'string', pattern: '^[a-z]+$' }, minItems: 1, maxItems: 4, uniqueItems: true },
    website: { type: 'string', format: 'uri' },
    id: { type: 'string', format: 'uuid' },
    born: { type: 'string', format: 'date' },
    updated: { type: 'string', format: 'date-time' },
    active: { type: 'boolean' },
  },
};

const composed = {
  $id: `${BASE}composed.json`,
  type: 'object',
  allOf: [{ $ref: '#/$defs/identified' }, { $ref: '#/$defs/named' }],
  minProperties: 3,
  dependentRequired: { end: ['start'] },
  // No generator of its own: enforced by filtering.
  dependentSchemas: { note: { required: ['extra'] } },
  properties: {
    start: { $ref: 'common.json#/$defs/dateTime' },
    end: { $ref: 'common.json#/$defs/dateTime' },
    note: { type: 'string' },
    extra: { type: 'integer' },
  },
  $defs: {
    identified: { type: 'object', required: ['id'], properties: { id: { type: ['string', 'integer'] } } },
    named: { type: 'object', required: ['name'], properties: { name: { $ref: 'common.json#/$defs/name' } } },
  },
};

const alternatives = {
  $id: `${BASE}alternatives.json`,
  type: 'object',
  required: ['shape', 'ref'],
  properties: {
    shape: {
      oneOf: [
        { type: 'object', required: ['kind', 'radius'], properties: { kind: { const: 'circle' }, radius: { type: 'number', minimum: 0 } } },
        { type: 'object', required: ['kind', 'side'], properties: { kind: { const: 'square' }, side: { type: 'integer', minimum: 1 } } },
      ],
    },
    ref: {
      anyOf: [
        { type: 'string', minLength: 1 },
        { type: 'integer', minimum: 1 },
      ],
    },
    when: { anyOf: [{ $ref: 'common.json#/$defs/dateTime' }, { type: 'null' }] },
    // Overlapping branches: oneOf must exclude values both accept (e.g. 5).
    size: {
      oneOf: [
        { type: 'integer', maximum: 10 },
        { type: 'integer', minimum: 5 },
      ],
    },
  },
};

const conditional = {
  $id: `${BASE}conditional.json`,
  type: 'object',
  required: ['level', 'externalId'],
  properties: {
    level: { type: 'integer', minimum: 1, maximum: 4 },
    externalId: { type: 'string', minLength: 1 },
    parentId: { type: 'string' },
    name: { type: 'string' },
  },
  if: { required: ['level'], properties: { level: { type: 'integer', minimum: 2 } } },
  then: { required: ['parentId'], properties: { parentId: { type: 'string', minLength: 1 } } },
  else: { properties: { name: { type: 'string', maxLength: 5 } } },
};

const arrays = {
  $id: `${BASE}arrays.json`,
  type: 'array',
  prefixItems: [{ type: 'string', format: 'date' }, { type: 'boolean' }],
  items: {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'integer', exclusiveMinimum: 0 }, labels: { type: 'array', items: { enum: ['a', 'b', 'c'] }, maxItems: 2 } },
  },
  minItems: 2,
  maxItems: 5,
  contains: { type: 'object', required: ['labels'], properties: { labels: { type: 'array', minItems: 1 } } },
  minContains: 1,
};

const scalar = { $id: `${BASE}scalar.json`, type: 'string', format: 'date', minLength: 10, maxLength: 10 };

const open = {
  $id: `${BASE}open.json`,
  type: 'object',
  required: ['a'],
  properties: { a: { type: 'string' }, b: { type: 'number' } },
  patternProperties: { '^x-': { type: 'string' } },
};

const documents = [common, person, composed, alternatives, conditional, arrays, scalar, open];
const byId = new Map<string, Record<string, unknown>>(documents.map((d) => [d.$id, d]));
const resolve: SchemaResolver = (id) => {
  const doc = byId.get(id);
  if (!doc) throw new Error(`test resolver: no ${id}`);
  return doc;
};
const opts = { resolve };

// strictTuples off: the arrays schema mixes prefixItems with further items on purpose.
const ajv = createAjv({ allowUnionTypes: true, strictTuples: false });
for (const d of documents) ajv.addSchema(d);

function validator(id: string) {
  const v = ajv.getSchema(id);
  assert.ok(v, `ajv compiled ${id}`);
  return v;
}

const SCHEMAS = [person, composed, alternatives, conditional, arrays, scalar, open, common.$defs.dateTime];

/** The case fails, and ajv reports the named keyword at the named place. */
const assertBreaks = (id: string, c: InvalidCase): ErrorObject[] => assertFailsForItsRule(validator(id), c);

const idOf = (s: Record<string, unknown>) => (typeof s.$id === 'string' ? s.$id : `${BASE}common.json#/$defs/dateTime`);

for (const schema of SCHEMAS) {
  const id = idOf(schema);
  const name = id.replace(BASE, '');

  void test(`${name}: 1,000 generated valid values all validate`, () => {
    const v = validator(id);
    fc.assert(
      fc.property(validArbitrary(id, opts), (value) => {
        assert.ok(v(value), `${JSON.stringify(value)}: ${JSON.stringify(v.errors)}`);
      }),
      { seed: SEED, numRuns: 1000 },
    );
  });

  void test(`${name}: every breakable rule yields values that fail for exactly that rule`, () => {
    const perRule = invalidArbitrariesByRule(id, opts);
    assert.ok(perRule.length > 0);
    for (const { rule, arbitrary } of perRule) {
      fc.assert(
        fc.property(arbitrary, (c) => {
          assert.equal(c.rule, rule.rule);
          assertBreaks(id, c);
        }),
        { seed: SEED, numRuns: 20 },
      );
    }
    // The mixed arbitrary draws from the same rules.
    fc.assert(
      fc.property(invalidArbitrary(id, opts), (c) => void assertBreaks(id, c)),
      { seed: SEED, numRuns: 200 },
    );
  });
}

void test('rules cover every keyword the compiler claims to break', () => {
  const keywords = new Set(SCHEMAS.flatMap((s) => breakableRules(idOf(s), opts).map((r) => r.keyword)));
  for (const k of [
    'required',
    'type',
    'enum',
    'const',
    'minimum',
    'maximum',
    'exclusiveMinimum',
    'exclusiveMaximum',
    'minLength',
    'maxLength',
    'pattern',
    'format',
    'minItems',
    'maxItems',
    'minProperties',
    'multipleOf',
    'uniqueItems',
    'additionalProperties',
    'oneOf',
    'anyOf',
  ]) {
    assert.ok(keywords.has(k), `no rule breaks ${k}`);
  }
});

void test('on a flat schema each invalid value breaks nothing but its rule', () => {
  for (const { rule, arbitrary } of invalidArbitrariesByRule(person.$id, opts)) {
    for (const c of fc.sample(arbitrary, { seed: SEED, numRuns: 10 })) {
      const errors = assertBreaks(person.$id, c);
      assert.deepEqual(
        [...new Set(errors.map((e) => `${e.keyword}@${e.instancePath}`))],
        [`${c.keyword}@${c.instancePath}`],
        `${rule.rule}: ${JSON.stringify(c.value)}`,
      );
    }
  }
});

void test('rule labels name the broken spot; blank names and nullable types are handled as specified', () => {
  const rules = breakableRules(person.$id, opts);
  const labels = rules.map((r) => r.rule);
  assert.ok(labels.includes('required property /email removed'));
  assert.ok(labels.some((l) => l.startsWith('blank required name /name')));
  const email = rules.find((r) => r.rule === 'required property /email removed');
  assert.deepEqual(email, { rule: 'required property /email removed', keyword: 'required', instancePath: '', missingProperty: 'email' });
  // type ["string","null"]: the wrong type must be neither a string nor null.
  const [nick] = fc.sample(
    invalidArbitrary(person.$id, { ...opts, rules: ['wrong type at /nickname: number instead of string or null'] }),
    { seed: SEED, numRuns: 1 },
  );
  assert.equal(typeof (nick.value as Record<string, unknown>).nickname, 'number');
  // A whitespace-only value for a name whose pattern requires a non-blank character.
  assert.ok(
    breakableRules(composed.$id, opts).some((r) => r.rule.startsWith('whitespace-only required name /name') && r.keyword === 'pattern'),
  );
  // Conditional rules say under which condition they hold.
  assert.ok(
    breakableRules(conditional.$id, opts).some((r) => r.rule.startsWith('required property /parentId removed (when (root) matches')),
  );
});

void test('optional properties follow optionalProbability; overrides fix values and force them present', () => {
  const none = fc.sample(validArbitrary(person.$id, { ...opts, optionalProbability: 0 }), { seed: SEED, numRuns: 50 });
  for (const v of none) assert.deepEqual(Object.keys(v as object).sort(), ['email', 'kind', 'name']);
  const all = fc.sample(validArbitrary(person.$id, { ...opts, optionalProbability: 1 }), { seed: SEED, numRuns: 50 });
  for (const v of all) assert.equal(Object.keys(v as object).length, Object.keys(person.properties).length);
  const fixed = fc.sample(
    validArbitrary(person.$id, { ...opts, overrides: { '/name': 'Ada', '/status': 'archived' }, optionalProbability: 0 }),
    { seed: SEED, numRuns: 20 },
  );
  for (const v of fixed) assert.equal((v as Record<string, unknown>).name, 'Ada');
  for (const v of fixed) assert.equal((v as Record<string, unknown>).status, 'archived');
});

void test('extra properties only on request, only where allowed, with names the schema leaves free', () => {
  const keysOf = (values: unknown[]) => new Set(values.flatMap((v) => Object.keys(v as object)));
  assert.ok(!keysOf(fc.sample(validArbitrary(open.$id, opts), { seed: SEED, numRuns: 200 })).has('zz_extra'));
  const withExtra = fc.sample(validArbitrary(open.$id, { ...opts, extraProperties: true }), { seed: SEED, numRuns: 200 });
  assert.ok(keysOf(withExtra).has('zz_extra'));
  for (const v of withExtra) assert.ok(validator(open.$id)(v));
  assert.ok(
    !keysOf(fc.sample(validArbitrary(person.$id, { ...opts, extraProperties: true }), { seed: SEED, numRuns: 200 })).has('zz_extra'),
  );
});

void test('arrays stay within maxArrayLength when the schema sets no bound', () => {
  const values = fc.sample(validArbitrary({ type: 'array', items: { type: 'integer' } }, { maxArrayLength: 2 }), {
    seed: SEED,
    numRuns: 200,
  });
  assert.ok(values.every((v) => Array.isArray(v) && v.length <= 2));
  assert.ok(values.some((v) => Array.isArray(v) && v.length === 2));
});

void test('formats: date-times with fractions and offsets, e-mails with dots and plus tags, readable bounded strings', () => {
  const times = fc.sample(formatArbitrary('date-time'), { seed: SEED, numRuns: 300 });
  assert.ok(times.some((t) => /\.\d+/.test(t)) && times.some((t) => /[+-]\d\d:\d\d$/.test(t)) && times.some((t) => t.endsWith('Z')));
  const emails = fc.sample(formatArbitrary('email'), { seed: SEED, numRuns: 300 });
  assert.ok(emails.some((e) => e.split('@')[0].includes('+')) && emails.some((e) => e.split('@')[0].includes('.')));
  const strings = fc.sample(validArbitrary({ type: 'string' }), { seed: SEED, numRuns: 500 }) as string[];
  assert.ok(
    strings.every((s) => s.length <= 30 && /^[\x20-\x7e]*$/.test(s)),
    'printable ASCII, at most 30 characters',
  );
});

void test('unsupported or impossible schemas fail loudly instead of hanging', () => {
  assert.throws(() => validArbitrary({ type: 'string', format: 'no-such-format' }), /unsupported string format "no-such-format"/);
  assert.throws(
    () =>
      validArbitrary(
        { $ref: 'https://nowhere.invalid/x.json' },
        {
          resolve: () => {
            throw new Error('not here');
          },
        },
      ),
    /cannot resolve .*not here/,
  );
  assert.throws(() => validArbitrary({ type: 'integer', minimum: 5, maximum: 4 }), /cannot generate|no integer/);
  assert.throws(() => validArbitrary({ type: 'string', enum: [1, 2] }), /no enum value/);
});

test('a pattern arbitrary builds without capturing stacks and leaves Error.stackTraceLimit as it was', () => {
  // Playwright runs the specs with a limit of 200; fast-check's pattern probing throws per failed split.
  const before = Error.stackTraceLimit;
  Error.stackTraceLimit = 200;
  try {
    const schema = { type: 'string', pattern: '^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$' };
    const values = fc.sample(validArbitrary(schema), { seed: SEED, numRuns: 20 });
    assert.ok(values.every((v) => typeof v === 'string' && /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(v)));
    assert.equal(Error.stackTraceLimit, 200);
  } finally {
    Error.stackTraceLimit = before;
  }
});
