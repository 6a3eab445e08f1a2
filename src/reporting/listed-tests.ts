/**
 * The suite's tests as Playwright lists them without running one (`playwright test --list
 * --reporter=json`), each with its id, its title path, and the coverage it declares where it is
 * declared (specs/kit/declare.ts): the operations it calls and the cells it sets out to earn.
 * `npm start -- --operation` selects by it, `npm run checks` lists the tests behind each documented
 * status, and the gate checks the titles its expectations name. Nothing of a run is read.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { catalogue } from '../../contract/catalogue';
import { declaredOf } from './coverage';

export interface ListedTest {
  /** Playwright's id of the test, as conformance.json, JUnit and the HAR carry it. */
  id: string;
  /** Its title path below its project ("rm/tags.spec.ts > tags > POST ..."), as conformance.json's tests[].test. */
  test: string;
  project: string;
  /** Where it is declared: "rm/tags.spec.ts:42". */
  location: string;
  /** Catalogue operations it declares it calls (those of its cells included). */
  calls: string[];
  /** Cells ("<operation id> <status>") it declares it sets out to earn. */
  earns: string[];
}

interface JsonSpec {
  title: string;
  id: string;
  file: string;
  line: number;
  tests: { projectName: string; annotations: { type: string; description?: string }[] }[];
}
interface JsonSuite {
  title: string;
  specs?: JsonSpec[];
  suites?: JsonSuite[];
}

/** Every test of the suite the config `configFile` names; [] when Playwright cannot list them. */
export function listTests(configFile: string, env: NodeJS.ProcessEnv = process.env): ListedTest[] {
  const require = createRequire(__filename);
  const cli = join(dirname(require.resolve('@playwright/test/package.json')), 'cli.js');
  const res = spawnSync(process.execPath, [cli, 'test', '--config', configFile, '--list', '--reporter=json'], {
    encoding: 'utf8',
    env: { ...env, CONFORMANCE_QUIET: '1', CONFORMANCE_EXPECTATIONS: '', CONFORMANCE_BASELINE: '' },
    maxBuffer: 64 * 1024 * 1024,
    timeout: 60_000,
  });
  const listed: ListedTest[] = [];
  const walk = (suite: JsonSuite, path: string[]): void => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests)
        listed.push({
          id: spec.id,
          test: [...path, spec.title].join(' > '),
          project: t.projectName,
          location: `${spec.file}:${spec.line}`,
          ...declaredOf(t.annotations),
        });
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  try {
    const parsed = JSON.parse(res.stdout) as { suites?: JsonSuite[] };
    for (const file of parsed.suites ?? []) walk(file, [file.title]);
  } catch {
    // No list (Playwright could not load the specs): nothing listed; the callers say so.
  }
  return listed;
}

/** The catalogue operation ids a pattern names: an id, or a glob with `*` (`rm.candidate-tags.*`). */
export function operationsMatching(pattern: string): string[] {
  const re = new RegExp(
    `^${pattern
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\/]/g, '\\$&'))
      .join('.*')}$`,
  );
  return catalogue()
    .map((op) => op.id)
    .filter((id) => re.test(id));
}

/** The tests that declare they call any of `operationIds`. */
export function testsCalling(tests: readonly ListedTest[], operationIds: readonly string[]): ListedTest[] {
  const wanted = new Set(operationIds);
  return tests.filter((t) => t.calls.some((o) => wanted.has(o)));
}

/** A Playwright --grep that matches exactly these tests: each one's title path, every literal escaped, anchored at its end. */
export function grepOf(tests: readonly Pick<ListedTest, 'test'>[]): string {
  const esc = (t: string): string => t.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return tests.map((t) => `${esc(t.test.split(' > ').join(' '))}(?: @\\S+)*$`).join('|');
}
