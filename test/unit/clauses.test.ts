/**
 * The clause registry is the contract's own words: every quote of a seed document appears word for
 * word (whitespace normalised) in the section of the seed document it names. The quotes of the
 * standards the documents invoke are proved the same way by test/unit/standards.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CLAUSES, type Clause, type SeedId } from '../../contract/clauses';
import { docTest, seedText } from './documents';

const normalise = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The text of part N ("## N. ...") up to the next part. */
function part(text: string, n: number): string {
  const start = text.indexOf(`\n## ${n}.`);
  assert.ok(start >= 0, `no part ${n}`);
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

const seedClauses = Object.values(CLAUSES).filter((c): c is Clause & { seed: SeedId } => c.seed === '000' || c.seed === '001');

docTest('every clause quote appears word for word in the section it names', () => {
  const problems: string[] = [];
  for (const c of seedClauses) {
    const n = /^§(\d+)/.exec(c.section)?.[1];
    if (!n) {
      problems.push(`${c.id}: section "${c.section}" does not start with §N`);
      continue;
    }
    const haystack = normalise(part(seedText(c.seed), Number(n)));
    if (!haystack.includes(normalise(c.quote))) problems.push(`${c.id}: not found in ${c.seed} §${n}: "${c.quote}"`);
  }
  assert.deepEqual(problems, []);
});

test('clause ids are unique in meaning: no two clauses quote the same text of the same seed or standard', () => {
  const seen = new Map<string, string>();
  const twice: string[] = [];
  for (const c of Object.values(CLAUSES)) {
    const key = `${c.seed}|${c.section}|${normalise(c.quote)}`;
    const other = seen.get(key);
    if (other) twice.push(`${other} and ${c.id}`);
    seen.set(key, c.id);
  }
  assert.deepEqual(twice, []);
});

docTest('a quote that is not in the seed is caught (the test can fail)', () => {
  const text = normalise(part(seedText('000'), 5));
  assert.equal(text.includes(normalise('Missing credentials give HTTP 403.')), false);
  assert.equal(text.includes(normalise('Missing or invalid credentials give HTTP 401 (described as invalid API credentials).')), true);
});
