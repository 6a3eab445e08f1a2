/** CONFORMANCE_BASELINE (src/gate/baseline.ts): a usable baseline loads; every refusal is a one-line ConfigError saying what to fix. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadBaseline, majorMinor, suiteIdentity, type RunIdentity } from '../../src/gate/baseline';
import { ConfigError } from '../../src/config/errors';
import { failure, report, SUITE, T_TAGS_200 } from './gate-fixtures';

const dir = mkdtempSync(join(tmpdir(), 'gate-baseline-'));
const RUN: RunIdentity = { suite: SUITE, apis: ['rm', 'hr', 'learning'] };
const file = (name: string, content: unknown): string => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};

function refused(path: string, pattern: RegExp, run: RunIdentity = RUN): void {
  assert.throws(
    () => loadBaseline(path, run),
    (error: unknown) => {
      assert.ok(error instanceof ConfigError, String(error));
      assert.ok(error.message.startsWith(`CONFORMANCE_BASELINE=${path}: `), error.message);
      assert.doesNotMatch(error.message, /\n/, 'one line');
      assert.match(error.message, pattern);
      return true;
    },
  );
}

test('a report of this suite, same major.minor, an API in common: loaded with its failures', () => {
  const written = report({
    suite: { ...SUITE, version: '0.1.9' },
    failures: [failure('status', 'rm.candidate-tags.create', '200', T_TAGS_200)],
  });
  const b = loadBaseline(file('good.json', written), RUN);
  assert.equal(b.report.failures.length, 1);
  assert.equal(b.report.failures[0]?.status, '200');
  assert.match(b.path, /good\.json$/);
});

test('a reports folder stands for the conformance.json in it', () => {
  const folder = mkdtempSync(join(dir, 'reports-'));
  writeFileSync(join(folder, 'conformance.json'), JSON.stringify(report()));
  assert.equal(loadBaseline(folder, RUN).report.suite.name, SUITE.name);
});

test('a missing file', () => refused(join(dir, 'nope.json'), /does not exist.*earlier run's reports\/conformance\.json, or unset/));

test('a file that is not JSON', () => refused(file('broken.json', '{"schemaVersion": 2,'), /is not JSON/));

test('JSON that is no conformance report', () => refused(file('other.json', { hello: 'world' }), /not a conformance report \(no target/));

test('a report without schemaVersion (written before version 2), or of another version', () => {
  const { schemaVersion: _v, ...v1 } = report();
  refused(file('v1.json', v1), /schemaVersion 1 \(none written\), this suite writes 2: run the suite once without CONFORMANCE_BASELINE/);
  refused(file('v3.json', { ...report(), schemaVersion: 3 }), /schemaVersion 3, this suite writes 2/);
});

test('a report of another suite', () =>
  refused(
    file('suite.json', report({ suite: { name: 'someone-elses-suite', version: '0.1.0' } })),
    /from the suite "someone-elses-suite"/,
  ));

test('a report of another major.minor version of this suite', () => {
  refused(
    file('minor.json', report({ suite: { ...SUITE, version: '0.2.0' } })),
    /0\.2\.0 and this is 0\.1\.0.*same major\.minor version \(0\.1\)/,
  );
  refused(file('major.json', report({ suite: { ...SUITE, version: '1.1.0' } })), /1\.1\.0/);
});

test('a baseline with no API in common with this run', () => {
  const rmOnly = file('rm-only.json', report({ target: { rm: 'https://rm.example.test/v2', hr: 'not configured' } }));
  refused(rmOnly, /the baseline run tested rm and this run tests hr, learning: no API in common/, { ...RUN, apis: ['hr', 'learning'] });
  assert.doesNotThrow(() => loadBaseline(rmOnly, { ...RUN, apis: ['rm'] }));
});

test('suiteIdentity is package.json; majorMinor reads versions', () => {
  assert.equal(suiteIdentity().name, 'api-conformance-suite');
  assert.match(suiteIdentity().version, /^\d+\.\d+\.\d+/);
  assert.equal(majorMinor('1.4.2'), '1.4');
  assert.equal(majorMinor('0.1.0-rc.1'), '0.1');
  assert.equal(majorMinor('banana'), null);
});
