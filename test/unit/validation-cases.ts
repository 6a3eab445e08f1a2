/**
 * Prints, as JSON, the registry's verdict on a fixed set of values for every schema: valid values and
 * invalid ones for each breakable rule (seeded). test/unit/schema-precompiled.test.ts runs it twice,
 * with the precompiled validators and with CONFORMANCE_COMPILE_CACHE=0, and compares.
 */
import fc from 'fast-check';
import { invalidArbitrariesByRule, validArbitrary } from '../../src/generators/index.js';
import { precompiledInUse, schemaIds, validateAgainst } from '../../contract/schemas/registry.js';

const SEED = 20261126;
const out: unknown[] = [];
for (const id of schemaIds()) {
  for (const value of fc.sample(validArbitrary(id), { seed: SEED, numRuns: 2 })) out.push([id, validateAgainst(id, value)]);
  for (const { arbitrary } of invalidArbitrariesByRule(id)) {
    for (const c of fc.sample(arbitrary, { seed: SEED, numRuns: 1 })) out.push([id, validateAgainst(id, c.value)]);
  }
  for (const value of [null, {}, [], 'x', 1]) out.push([id, validateAgainst(id, value)]);
}
process.stdout.write(JSON.stringify({ precompiled: precompiledInUse(), results: out }));
