/**
 * The readings registry: every reading of every entry holds on what a target taking it shows and
 * fails on its nearest miss; every entry cites a clause and a decision of schemas/DECISIONS.md; every
 * decision of DECISIONS.md is an entry or is named here as no ambiguity of a sentence; a statement
 * pins one reading, and an unknown entry, reading or record is refused with one line.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { isClauseId } from '../../contract/clauses';
import { isCheckName } from '../../src/checks/names';
import {
  declaredReading,
  judgeReadings,
  parseStatement,
  READINGS,
  readingsEntry,
  readingsFailure,
  setStatementInForce,
  type ReadingsEntry,
} from '../../src/readings';
import { NOT_READINGS } from '../../src/readings/not-readings';

const entries = READINGS;

test('every reading holds on each example of what it shows and fails on each of what it does not', () => {
  for (const entry of entries)
    for (const reading of entry.readings) {
      assert.ok(reading.shows.length > 0, `${entry.id} ${reading.id}: no example it shows`);
      assert.ok(reading.not.length > 0, `${entry.id} ${reading.id}: no example it does not show`);
      reading.shows.forEach((input, i) => assert.equal(reading.holds(input), true, `${entry.id} ${reading.id}: shows[${i}] does not hold`));
      reading.not.forEach((input, i) => assert.equal(reading.holds(input), false, `${entry.id} ${reading.id}: not[${i}] holds`));
      assert.ok(reading.name.trim() !== '', `${entry.id} ${reading.id}: no name`);
      assert.match(reading.id, /^[a-z0-9]+(-[a-z0-9]+)*$/, `${entry.id}: reading id "${reading.id}" is not kebab-case`);
    }
});

test('a union is never "anything": for every entry some example holds no reading at all', () => {
  for (const entry of entries) {
    const misses = entry.readings.flatMap((r) => r.not);
    assert.ok(
      misses.some((input) => entry.readings.every((r) => !r.holds(input))),
      `${entry.id}: every example one reading does not show is shown by another: add one no reading holds`,
    );
  }
});

test('every entry cites a clause of the registry, a check (or the schema) and a decision of DECISIONS.md', () => {
  const decisions = readFileSync(join(__dirname, '../../schemas/DECISIONS.md'), 'utf8');
  for (const entry of entries) {
    assert.ok(isClauseId(entry.clause), `${entry.id}: unknown clause ${entry.clause}`);
    assert.ok(entry.judgedBy === 'schema' || isCheckName(entry.judgedBy), `${entry.id}: judgedBy "${entry.judgedBy}" is no check`);
    assert.ok(decisions.includes(`**${entry.decision}.`), `${entry.id}: ${entry.decision} is not in schemas/DECISIONS.md`);
    assert.match(entry.id, /^(rm|hr|learning|v3)\.[a-z0-9.-]+$/, `${entry.id}: id`);
  }
});

test('every decision of DECISIONS.md is a readings entry, or says why it is no ambiguity of a sentence', () => {
  const decisions = readFileSync(join(__dirname, '../../schemas/DECISIONS.md'), 'utf8');
  const all = [...decisions.matchAll(/\*\*(D\d+)\./g)].map((m) => m[1] ?? '');
  const covered = new Set(entries.map((e) => e.decision as string));
  const left = all.filter((d) => !covered.has(d) && !Object.hasOwn(NOT_READINGS, d));
  assert.deepEqual(left, [], `decisions with neither a readings entry nor a reason in src/readings/not-readings.ts: ${left.join(', ')}`);
  for (const d of Object.keys(NOT_READINGS)) {
    assert.ok(all.includes(d), `src/readings/not-readings.ts names ${d}, which DECISIONS.md does not hold`);
    assert.ok(!covered.has(d), `${d} is both a readings entry and named as no ambiguity`);
  }
});

test('judgeReadings: the union without a statement; only the declared reading with one; the failure names them', () => {
  const entry = readingsEntry('v3.auth.refused') as ReadingsEntry<{ status: number }> | undefined;
  assert.ok(entry);
  assert.deepEqual(judgeReadings(entry, { status: 403 }), { entry: 'v3.auth.refused', held: ['forbidden-403'], declared: null, ok: true });
  assert.equal(judgeReadings(entry, { status: 400 }).ok, false);
  assert.match(
    readingsFailure(entry, judgeReadings(entry, { status: 400 })),
    /none of the lawful readings of v3.auth.refused holds: "unauthorized-401"/,
  );
  const parsed = parseStatement(JSON.stringify({ readings: { 'v3.auth.refused': 'unauthorized-401' } }), 'statement.json');
  assert.ok(parsed.statement);
  setStatementInForce(parsed.statement);
  try {
    assert.equal(declaredReading('v3.auth.refused'), 'unauthorized-401');
    const j = judgeReadings(entry, { status: 403 });
    assert.deepEqual(j, { entry: 'v3.auth.refused', held: ['forbidden-403'], declared: 'unauthorized-401', ok: false });
    assert.match(readingsFailure(entry, j), /the statement declares reading "unauthorized-401" .* but it shows "forbidden-403"/);
    assert.equal(judgeReadings(entry, { status: 401 }).ok, true);
  } finally {
    setStatementInForce(null);
  }
  assert.equal(declaredReading('v3.auth.refused'), null);
});

test('parseStatement: readings and records; an unknown entry, reading, record or member is one line each', () => {
  const ok = parseStatement(
    JSON.stringify({ readings: { 'rm.filter.archived.true': 'only-archived' }, records: { RM_ARCHIVED_CANDIDATE_ID: 'c-1' } }),
    's.json',
  );
  assert.deepEqual(ok.problems, []);
  assert.equal(ok.statement?.records.RM_ARCHIVED_CANDIDATE_ID, 'c-1');
  const bad = parseStatement(
    JSON.stringify({
      readings: { 'rm.nope': 'x', 'rm.filter.archived.true': 'all-of-them' },
      records: { RM_BASE_URL: 'http://x' },
      extra: 1,
    }),
    's.json',
  );
  assert.equal(bad.statement, null);
  assert.equal(bad.problems.length, 4);
  assert.ok(bad.problems.some((p) => p.includes('unknown readings entry "rm.nope"')));
  assert.ok(bad.problems.some((p) => p.includes('has no reading "all-of-them" (its readings: only-archived, archived-included)')));
  assert.ok(bad.problems.some((p) => p.includes('unknown record "RM_BASE_URL"')));
  assert.ok(bad.problems.some((p) => p.includes('unknown member "extra"')));
  assert.match(parseStatement('{', 's.json').problems[0] ?? '', /s.json is not JSON/);
});

test('statementOf: the reading taken in every judgement that told them apart; the rest left out with why', async () => {
  const { statementOf } = await import('../../src/cli/statement');
  const seen = (entry: string, held: Record<string, number>, judged: number, taken: string | null) => ({
    entry,
    decision: 'D1',
    clause: 'rm.filter.archived',
    question: '',
    declared: null,
    judged,
    failed: taken === null ? 1 : 0,
    held,
    taken,
  });
  const report = {
    runId: 'r1',
    seed: 1,
    target: { rm: 'embedded', hr: 'embedded' },
    tests: [],
    readings: [
      seen('v3.auth.refused', { 'unauthorized-401': 4, 'forbidden-403': 0 }, 4, 'unauthorized-401'),
      seen('rm.filter.archived.true', { 'only-archived': 2, 'archived-included': 2 }, 2, 'only-archived'),
      seen('rm.filter.anonymised.true', { 'only-anonymised': 0, 'anonymised-included': 0 }, 1, null),
    ],
  } as unknown as Parameters<typeof statementOf>[0];
  const { statement, left } = statementOf(report);
  assert.deepEqual(statement.readings, { 'v3.auth.refused': 'unauthorized-401' });
  assert.equal(left.length, 2);
  assert.match(left[0] ?? '', /did not tell only-archived and archived-included apart/);
  assert.match(left[1] ?? '', /no reading held in every judgement/);
  // What it writes is a statement the suite reads back.
  assert.deepEqual(parseStatement(JSON.stringify(statement), 'x').problems, []);
});

test('CONFORMANCE_STATEMENT: a bad file is a configuration error naming the problem; its records stand in for unset variables', async () => {
  const { parseTarget } = await import('../../src/config/target');
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'statement-'));
  const bad = join(dir, 'bad.json');
  writeFileSync(bad, JSON.stringify({ readings: { 'v3.auth.refused': 'teapot-418' } }));
  assert.throws(() => parseTarget({ CONFORMANCE_STATEMENT: bad }, 1), /entry "v3.auth.refused" has no reading "teapot-418"/);
  assert.throws(
    () => parseTarget({ CONFORMANCE_STATEMENT: join(dir, 'none.json') }, 1),
    /CONFORMANCE_STATEMENT=.* cannot be read \(ENOENT\)/,
  );
  const good = join(dir, 'good.json');
  writeFileSync(
    good,
    JSON.stringify({ readings: { 'v3.auth.refused': 'unauthorized-401' }, records: { RM_ARCHIVED_CANDIDATE_ID: 'cand-9' } }),
  );
  const target = parseTarget({ CONFORMANCE_STATEMENT: good }, 1);
  assert.equal(target.rm?.archivedCandidateId, 'cand-9');
  assert.equal(target.statement?.readings['v3.auth.refused'], 'unauthorized-401');
  const overridden = parseTarget({ CONFORMANCE_STATEMENT: good, CONFORMANCE_EMBEDDED: '1', RM_ARCHIVED_CANDIDATE_ID: 'cand-1' }, 1);
  assert.equal(overridden.rm?.archivedCandidateId, 'cand-1');
});
