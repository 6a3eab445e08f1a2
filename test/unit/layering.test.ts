/**
 * The layering of README "Design" (documents -> schemas + catalogue -> generators + checks -> specs ->
 * reports), as enforced by eslint.config.mjs: the import graph of src/ and specs/ has no cycle, and
 * a file breaking each of the four no-restricted-imports rules fails lint.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { ESLint } from 'eslint';

const ROOT = join(__dirname, '../../');

/**
 * Known cycles closed only by a type import (erased at run time): a persona's seed types its
 * argument with the mode its choices declare. Each entry is the edge that
 * closes the circle; the test proves it is still there and still type-only.
 */
const TYPE_ONLY_EDGES = new Set(['src/personas/v3/seed.ts -> src/personas/v3/choices.ts']);

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith('.ts') ? [p] : [];
  });

interface Edge {
  to: string;
  typeOnly: boolean;
}

/** The relative imports of a file: `import ... from '...'`, `export ... from '...'`, `import '...'` and `import('...')`. */
function importsOf(file: string): Edge[] {
  const text = readFileSync(file, 'utf8');
  const found: { spec: string; typeOnly: boolean }[] = [];
  for (const m of text.matchAll(/\b(?:import|export)\s+(type\s+)?(?:[\w$*{},\s]+?\s+from\s*)?'([^']+)'/g))
    found.push({ spec: m[2]!, typeOnly: m[1] !== undefined });
  for (const m of text.matchAll(/(\btypeof\s+)?\bimport\s*\(\s*'([^']+)'\s*\)/g)) found.push({ spec: m[2]!, typeOnly: m[1] !== undefined });
  return found.flatMap(({ spec, typeOnly }) => {
    if (!spec.startsWith('.')) return [];
    const base = resolve(dirname(file), spec.replace(/\.js$/, ''));
    const to = [`${base}.ts`, join(base, 'index.ts'), base].find((c) => c.endsWith('.ts') && existsSync(c));
    return to === undefined ? [] : [{ to, typeOnly }];
  });
}

const rel = (p: string): string => relative(ROOT, p).split('\\').join('/');

test('src/ and specs/ have no import cycle (type imports count too)', () => {
  const files = [...walk(join(ROOT, 'src')), ...walk(join(ROOT, 'specs'))];
  const graph = new Map<string, string[]>();
  const typeOnly = new Map<string, boolean>();
  for (const f of files) {
    const edges = importsOf(f);
    for (const e of edges) {
      const key = `${rel(f)} -> ${rel(e.to)}`;
      typeOnly.set(key, (typeOnly.get(key) ?? true) && e.typeOnly);
    }
    graph.set(f, [...new Set(edges.map((e) => e.to).filter((to) => !TYPE_ONLY_EDGES.has(`${rel(f)} -> ${rel(to)}`)))]);
  }
  for (const edge of TYPE_ONLY_EDGES)
    assert.equal(typeOnly.get(edge), true, `${edge}: listed as a type-only edge, but it is gone or now imports a value`);

  // Depth-first search: an edge back to a file on the current path closes a cycle.
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (f: string): void => {
    state.set(f, 'open');
    path.push(f);
    for (const to of graph.get(f) ?? []) {
      if (state.get(to) === 'open') cycles.push([...path.slice(path.indexOf(to)), to].map(rel).join(' -> '));
      else if (!state.has(to)) visit(to);
    }
    path.pop();
    state.set(f, 'done');
  };
  for (const f of graph.keys()) if (!state.has(f)) visit(f);
  assert.deepEqual(cycles, [], `import cycles:\n${cycles.join('\n')}`);
});

// Lint with the real eslint.config.mjs but only no-restricted-imports, and without type information
// (the probe files do not exist, so the project service could not type them): about a second.
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfigFile: 'eslint.config.mjs',
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
});

/** The import specifiers of `text` that the layering rules refuse, were it the file at `filePath`. */
async function refused(filePath: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath });
  assert.ok(result);
  const fatal = result.messages.filter((m) => m.fatal);
  assert.deepEqual(fatal, [], `${filePath} did not parse`);
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => /^'([^']+)'/.exec(m.message)?.[1] ?? m.message);
}

test('rule 1: schemas, catalogue and clauses import nothing above them', async () => {
  const text = [
    "import { readEnv } from '../config/env';",
    "import { CHECKS } from '../checks/registry';",
    "import type { Exchange } from '../http/exchange';",
    "import { isClauseId } from '../clauses';",
    "import { compileSchema } from '../schemas/ajv';",
    "import { HR_WRITE_SCOPE } from '../terms';",
    "import Ajv from 'ajv';",
    '',
  ].join('\n');
  assert.deepEqual(await refused('src/catalogue/probe.ts', text), ['../config/env', '../checks/registry', '../http/exchange']);
  assert.deepEqual(
    await refused(
      'src/schemas/sub/probe.ts',
      "import { APIS } from '../../catalogue/index';\nimport { x } from '../../reference/server';\nimport { y } from '../../../specs/fixtures';\n",
    ),
    ['../../reference/server', '../../../specs/fixtures'],
  );
});

test('rule 2: the reference server imports neither the config nor the checks (type imports of check names only)', async () => {
  const text = [
    "import { EMBEDDED } from '../../identity/embedded';",
    "import { readEnv } from '../../config/env';",
    "import { isCheckName } from '../../checks/names';",
    "import type { CheckName } from '../../checks/registry';",
    "import { type ClauseOf } from '../../checks/registry';",
    "import { APIS } from '../../catalogue/index';",
    "import { request } from '../../http/client';",
    "import { faultProblems } from '../fault-audit';",
    '',
  ].join('\n');
  assert.deepEqual(await refused('src/reference/v3/probe.ts', text), [
    '../../config/env',
    '../../checks/names',
    '../../http/client',
    '../fault-audit',
  ]);
  // fault-audit.ts alone (never loaded by the server) reads the check registry; the config stays out.
  assert.deepEqual(
    await refused(
      'src/reference/fault-audit.ts',
      "import { CHECKS } from '../checks/registry';\nimport { readEnv } from '../config/env';\n",
    ),
    ['../config/env'],
  );
});

test('rule 3: specs never import the reference server or a persona', async () => {
  const text =
    "import { startReferenceServer } from '../../src/reference/server';\nimport { x } from '../../src/personas/server';\nimport { expectStatus } from '../../src/checks/registry/status';\n";
  assert.deepEqual(await refused('specs/rm/probe.spec.ts', text), ['../../src/reference/server', '../../src/personas/server']);
});

test('rule 4: personas import nothing of ours but the identity', async () => {
  const text =
    "import { EMBEDDED } from '../../identity/embedded';\nimport { CHECKS } from '../../checks/registry';\nimport { LEARNING_MESSAGES } from '../../terms';\nimport { send } from '../../reference/http-kit';\nimport { store } from '../store';\n";
  assert.deepEqual(await refused('src/personas/v3/probe.ts', text), ['../../checks/registry', '../../terms', '../../reference/http-kit']);
});
