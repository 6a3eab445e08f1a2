/**
 * The house by role (layers.json, README "Design"): every import of src/, servers/, proof/ and
 * specs/ is in its folder's allow-list, no folder imports another in a circle, no file does either,
 * nothing but the proof imports the proof, and each folder's rule refuses a deliberate crossing,
 * naming the folder and the import.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { folderCycles, folderOf, readLayers, staleEntries, violation, violations } from '../../proof/layering/layers';

const ROOT = join(__dirname, '../../');

/**
 * Known cycles closed only by a type import (erased at run time): a persona's seed types its
 * argument with the mode its choices declare. Each entry is the edge that
 * closes the circle; the test proves it is still there and still type-only.
 */
const TYPE_ONLY_EDGES = new Set(['servers/personas/v3/seed.ts -> servers/personas/v3/choices.ts']);

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

test('contract/, lib/, src/, servers/, proof/ and specs/ have no import cycle between files (type imports count too)', () => {
  const files = ['contract', 'lib', 'src', 'servers', 'proof', 'specs'].flatMap((d) => walk(join(ROOT, d)));
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

const layers = readLayers();

test('every import of every folder is in its allow-list (layers.json)', () => {
  assert.deepEqual(violations(layers), []);
});

test('no allow-list entry of layers.json goes unused (a stale entry is an open door)', () => {
  assert.deepEqual(staleEntries(layers), [], 'entries no import of their folder uses: remove them from layers.json');
  // The report can fail: an entry nothing uses is named.
  const probe = { ...layers, folders: { ...layers.folders, 'contract/identity': ['src/http'] } };
  assert.ok(staleEntries(probe).includes('contract/identity: src/http'));
});

test('no import cycle between folders', () => {
  assert.deepEqual(folderCycles(layers), []);
});

test('nothing but the proof imports the proof; the servers import the contract and lib/ alone, never the product', () => {
  const underServers = [...(layers.roles.contract ?? []), ...(layers.roles.lib ?? [])];
  for (const [folder, allowed] of Object.entries(layers.folders)) {
    if (folder !== 'proof') assert.ok(!allowed.some((a) => a === 'proof' || a.startsWith('proof/')), `${folder} may import the proof`);
    if (folder.startsWith('servers/')) for (const a of allowed) assert.ok(underServers.includes(a), `${folder} may import ${a}`);
    if (folder.startsWith('contract/') || folder.startsWith('lib/'))
      for (const a of allowed)
        assert.ok(a.startsWith('contract/') || a.startsWith('lib/'), `${folder} (under the product) may import ${a}`);
  }
});

test('the product reaches servers/ through src/embedded alone', () => {
  const reaching = Object.entries(layers.folders)
    .filter(
      ([folder, allowed]) =>
        folder.startsWith('src') && allowed.some((a) => a === 'servers' || a.startsWith('servers/') || a === 'src' || a === '.'),
    )
    .map(([folder]) => folder);
  // src/cli may import all of src/ (so src/embedded), never servers/ directly.
  assert.deepEqual(reaching.sort(), ['src/cli', 'src/embedded']);
  assert.deepEqual(layers.folders['src/embedded'], ['servers/reference']);
  for (const [folder, allowed] of Object.entries(layers.folders))
    if (folder !== 'src/embedded' && (folder.startsWith('src/') || folder.startsWith('contract/') || folder.startsWith('lib/')))
      assert.ok(!allowed.some((a) => a.startsWith('servers')), `${folder} may import ${allowed.join(', ')}`);
});

/** A deliberate crossing per folder: a file of the folder importing what its rule refuses. */
const PROBES: Record<string, string> = {
  'contract/identity': 'src/config/env.ts',
  'contract/terms.ts': 'contract/catalogue/index.ts',
  'lib/usage': 'src/config/variables.ts',
  'contract/clauses': 'contract/catalogue/index.ts',
  'src/readings': 'src/checks/index.ts',
  'contract/schemas': 'contract/catalogue/index.ts',
  'contract/catalogue': 'src/checks/index.ts',
  'contract/openapi': 'src/http/client.ts',
  'src/config': 'src/http/client.ts',
  'src/http': 'src/auth/oauth.ts',
  'src/auth': 'src/checks/index.ts',
  'src/checks': 'src/reporting/evidence.ts',
  'src/generators': 'src/http/client.ts',
  'src/reporting': 'src/runner/global-setup.ts',
  'src/judge': 'src/runner/global-setup.ts',
  'src/runner': 'servers/reference/server.ts',
  'src/embedded': 'src/config/target.ts',
  'src/cli': 'servers/reference/server.ts',
  'servers/reference': 'src/checks/registry/index.ts',
  'servers/personas': 'servers/reference/server.ts',
  specs: 'servers/reference/server.ts',
};

test('each folder refuses a deliberate crossing, naming the folder and the import', () => {
  for (const folder of Object.keys(layers.folders)) {
    if (folder === 'proof') continue;
    const target = PROBES[folder];
    assert.ok(target, `a probe for ${folder}`);
    const from = folder.endsWith('.ts') ? folder : `${folder}/probe.ts`;
    const v = violation(layers, { from, to: target, typeOnly: false, spec: `./${target}` });
    assert.ok(v?.startsWith(`${folder} may not import ${target}`), `${folder}: ${v ?? 'allowed'}`);
  }
  // The proof may import anything; nothing outside it may import it.
  assert.equal(violation(layers, { from: 'proof/cli/faults.ts', to: 'servers/reference/server.ts', typeOnly: false, spec: 'x' }), null);
  assert.match(
    violation(layers, { from: 'src/runner/global-setup.ts', to: 'proof/fault-run/run-suite.ts', typeOnly: false, spec: 'x' }) ?? '',
    /^src\/runner may not import proof/,
  );
  // A type-only allowance does not let a value through.
  const typed = { ...layers, folders: { ...layers.folders, 'servers/reference': ['type:src/checks'] } };
  assert.equal(
    violation(typed, { from: 'servers/reference/faults.ts', to: 'src/checks/registry/index.ts', typeOnly: true, spec: 'x' }),
    null,
  );
  assert.match(
    violation(typed, { from: 'servers/reference/faults.ts', to: 'src/checks/registry/index.ts', typeOnly: false, spec: 'x' }) ?? '',
    /^servers\/reference may not import/,
  );
  assert.equal(folderOf(layers, 'specs/rm/tags.spec.ts'), 'specs');
  assert.equal(folderOf(layers, 'elsewhere/x.ts'), null);
});

test("a spec imports the kit's core, its own API's face, the catalogue (its ids) and the terms, nothing else of ours", () => {
  const common = ['specs/kit/index.ts', 'contract/catalogue/index.ts', 'contract/catalogue/types.ts', 'contract/terms.ts'];
  for (const dir of ['rm', 'hr', 'learning']) {
    const allowed = new Set([...common, `specs/kit/${dir}.ts`]);
    for (const file of readdirSync(join(ROOT, 'specs', dir)).filter((f) => f.endsWith('.spec.ts'))) {
      const from = `specs/${dir}/${file}`;
      const outside = importsOfSpec(from).filter((to) => !allowed.has(to));
      assert.deepEqual(
        outside,
        [],
        `${from} imports ${outside.join(', ')}: take it from the kit (specs/kit/index.ts or specs/kit/${dir}.ts)`,
      );
    }
  }
});

test('the kit is a core and one face per API: no face re-exports another, the core re-exports no face', () => {
  const faces = ['rm', 'hr', 'learning'].map((api) => `specs/kit/${api}.ts`);
  const core = importsOfSpec('specs/kit/index.ts');
  assert.deepEqual(
    core.filter((to) => faces.includes(to) || /specs\/kit\/(rm|v3)/.test(to)),
    [],
    'the core names no API module',
  );
  for (const face of faces) {
    const other = importsOfSpec(face).filter((to) => faces.includes(to) && to !== face);
    assert.deepEqual(other, [], `${face} re-exports another face`);
  }
});

function importsOfSpec(file: string): string[] {
  return [...new Set(importsOf(join(ROOT, file)).map((e) => rel(e.to)))];
}
