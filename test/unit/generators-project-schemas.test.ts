// The schema → fast-check compiler on every schema of the project's registry: 1,000 valid values per
// schema validate, and every breakable rule yields invalid values that fail for exactly that rule.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { ValidateFunction } from 'ajv';
import { createAjv } from '../../contract/schemas/ajv.js';
import { invalidArbitrariesByRule, validArbitrary } from '../../src/generators/index.js';
import { assertFailsForItsRule } from './invalid-case.js';
import * as registry from '../../contract/schemas/registry.js';

const SEED = 424242;
/** Invalid cases drawn per rule (every rule is exercised; the count keeps the file fast). */
const CASES_PER_RULE = 3;

{
  const ids = registry.schemaIds();
  // Same settings as the registry's own instance, with structured errors for the checks below.
  const ajv = createAjv({ allowUnionTypes: true });
  for (const id of ids) ajv.addSchema(registry.getSchema(id));
  const short = (id: string) => id.replace(registry.SCHEMA_BASE, '');

  void test('project schemas: the registry lists schemas', () => {
    assert.ok(ids.length > 0, 'no schema ids');
  });

  for (const id of ids) {
    const validate = (): ValidateFunction => {
      const v = ajv.getSchema(id);
      assert.ok(v, `ajv compiled ${id}`);
      return v;
    };

    void test(`${short(id)}: 1,000 generated valid values all validate`, () => {
      const v = validate();
      let n = 0;
      fc.assert(
        fc.property(validArbitrary(id), (value) => {
          assert.ok(v(value), `${JSON.stringify(value)}: ${JSON.stringify(v.errors)}`);
          // The registry's own validator agrees (checked on a share of the values: it formats errors).
          if (n++ % 20 === 0) assert.deepEqual(registry.validateAgainst(id, value), { valid: true, errors: [] });
        }),
        { seed: SEED, numRuns: 1000 },
      );
    });

    void test(`${short(id)}: every breakable rule yields values that fail for exactly that rule`, () => {
      const v = validate();
      const perRule = invalidArbitrariesByRule(id);
      assert.ok(perRule.length > 0, 'no breakable rule');
      for (const { rule, arbitrary } of perRule) {
        fc.assert(
          fc.property(arbitrary, (c) => {
            assert.equal(c.rule, rule.rule);
            assertFailsForItsRule(v, c);
            assert.equal(registry.validateAgainst(id, c.value).valid, false);
          }),
          { seed: SEED, numRuns: CASES_PER_RULE },
        );
      }
    });
  }
}
