/**
 * The check the generator tests (test/unit/generators*.test.ts) make of every invalid case: the value
 * fails validation, and ajv reports the keyword the case names at the place it names (for `required`,
 * with the property the case removed).
 */
import assert from 'node:assert/strict';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { InvalidCase } from '../../src/generators/index.js';

/** Asserts that `c` fails `validate` for exactly the rule it names; returns ajv's errors. */
export function assertFailsForItsRule(validate: ValidateFunction, c: InvalidCase): ErrorObject[] {
  assert.ok(!validate(c.value), `still valid: ${c.rule}: ${JSON.stringify(c.value)}`);
  const errors: ErrorObject[] = [...(validate.errors ?? [])];
  const hit = errors.some(
    (e) =>
      e.keyword === c.keyword &&
      e.instancePath === c.instancePath &&
      (c.missingProperty === undefined || (e.params as { missingProperty?: string }).missingProperty === c.missingProperty),
  );
  assert.ok(
    hit,
    `${c.rule}: expected ${c.keyword} at "${c.instancePath}", got ${JSON.stringify(errors.map((e) => [e.keyword, e.instancePath]))} for ${JSON.stringify(c.value)}`,
  );
  return errors;
}
