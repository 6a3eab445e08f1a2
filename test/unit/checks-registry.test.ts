/**
 * Every check of the registry is one file holding its logic: at least one predicate (a pure
 * function returning an Outcome, named `…Outcome`) and at least one wrapper that records its
 * verdict (`expect…`); and no spec judges with a bare condition any more.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { CHECK_LIST } from '../../src/checks';

const ROOT = join(__dirname, '..', '..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith('.ts') ? [path] : [];
  });
}

test('every check file exports its predicates and the wrappers that record its verdicts', async () => {
  const missing: string[] = [];
  for (const check of CHECK_LIST) {
    const mod = (await import(`../../src/checks/registry/${check.name}`)) as Record<string, unknown>;
    assert.equal((mod.default as { name?: string } | undefined)?.name, check.name, `${check.name}.ts exports the check as its default`);
    const functions = Object.entries(mod)
      .filter(([, v]) => typeof v === 'function')
      .map(([k]) => k);
    if (!functions.some((f) => f.endsWith('Outcome'))) missing.push(`${check.name}: no predicate (…Outcome)`);
    if (!functions.some((f) => /^(expect|fail)[A-Z]/.test(f))) missing.push(`${check.name}: no expect… wrapper`);
  }
  assert.deepEqual(missing, []);
});

test('no spec or source judges with a bare condition: expectThat is gone', () => {
  const users = [...filesUnder(join(ROOT, 'src')), ...filesUnder(join(ROOT, 'specs'))].filter((f) =>
    readFileSync(f, 'utf8').includes('expectThat'),
  );
  assert.deepEqual(users, []);
});

test('the specs name no check by a string: each check is judged through its own wrapper', () => {
  const named = filesUnder(join(ROOT, 'specs')).filter((f) => /\b(statusCheck|check): '/.test(readFileSync(f, 'utf8')));
  assert.deepEqual(named, []);
});
