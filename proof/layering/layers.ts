/**
 * The house by role, checked: every import of src/, servers/, proof/ and specs/ against the
 * allow-list of its folder in layers.json (the longest folder that holds the file; a file may
 * always import within its own folder), and the folder graph free of cycles. Run by
 * test/unit/layering.test.ts in npm test; each violation names the folder and the import.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../..');
export const AREAS = ['contract', 'lib', 'src', 'servers', 'proof', 'specs'] as const;

export interface Layers {
  roles: Record<string, string[]>;
  folders: Record<string, string[]>;
}

export function readLayers(file = join(ROOT, 'layers.json')): Layers {
  return JSON.parse(readFileSync(file, 'utf8')) as Layers;
}

export interface Import {
  /** The importing file, relative to the repository root. */
  from: string;
  /** The imported file, relative to the repository root. */
  to: string;
  typeOnly: boolean;
  /** As written. */
  spec: string;
}

const under = (path: string, folder: string): boolean => path === folder || path.startsWith(`${folder}/`);

/** The folder of layers.json a file belongs to: the longest that holds it; null when none does. */
export function folderOf(layers: Layers, file: string): string | null {
  return (
    Object.keys(layers.folders)
      .filter((f) => under(file, f))
      .sort((a, b) => b.length - a.length)[0] ?? null
  );
}

/** Why an import is not allowed (one line naming the folder and the import), or null. */
export function violation(layers: Layers, imp: Import): string | null {
  const folder = folderOf(layers, imp.from);
  if (folder === null) return `${imp.from}: in no folder of layers.json; add its folder with what it may import`;
  if (under(imp.to, folder)) return null;
  const allowed = layers.folders[folder] ?? [];
  const ok = allowed.some((entry) => (entry.startsWith('type:') ? imp.typeOnly && under(imp.to, entry.slice(5)) : under(imp.to, entry)));
  return ok
    ? null
    : `${folder} may not import ${imp.to} (${imp.from}: '${imp.spec}'${imp.typeOnly ? ', a type import' : ''}); its allow-list in layers.json: ${allowed.join(', ') || 'nothing'}`;
}

const walk = (dir: string): string[] =>
  !existsSync(dir)
    ? []
    : readdirSync(dir).flatMap((n) => {
        const p = join(dir, n);
        return statSync(p).isDirectory() ? walk(p) : /\.(ts|cjs)$/.test(p) ? [p] : [];
      });

const rel = (p: string): string => relative(ROOT, p).split('\\').join('/');

/** Every TypeScript (and CommonJS) file of the four areas, relative to the root. */
export function sourceFiles(): string[] {
  return AREAS.flatMap((a) => walk(join(ROOT, a))).map(rel);
}

/** The relative imports of a file: `import ... from`, `export ... from`, `import '...'`, `import('...')` and `require('...')`. */
export function importsOf(file: string, text = readFileSync(join(ROOT, file), 'utf8')): Import[] {
  const found: { spec: string; typeOnly: boolean }[] = [];
  for (const m of text.matchAll(/\b(?:import|export)\s+(type\s+)?(?:[\w$*{},\s]+?\s+from\s*)?'([^']+)'/g))
    found.push({ spec: m[2] ?? '', typeOnly: m[1] !== undefined });
  for (const m of text.matchAll(/(\btypeof\s+)?\bimport\s*\(\s*'([^']+)'\s*\)/g))
    found.push({ spec: m[2] ?? '', typeOnly: m[1] !== undefined });
  for (const m of text.matchAll(/\brequire\(\s*'([^']+)'\s*\)/g)) found.push({ spec: m[1] ?? '', typeOnly: false });
  return found.flatMap(({ spec, typeOnly }) => {
    if (!spec.startsWith('.')) return [];
    const base = resolve(dirname(join(ROOT, file)), spec.replace(/\.js$/, ''));
    const to = [`${base}.ts`, join(base, 'index.ts'), `${base}.cjs`, base].find((c) => existsSync(c) && statSync(c).isFile());
    return to === undefined ? [] : [{ from: file, to: rel(to), typeOnly, spec }];
  });
}

/** Every violation of the house. */
export function violations(layers = readLayers(), files = sourceFiles()): string[] {
  return files.flatMap((f) => {
    if (folderOf(layers, f) === null) return [`${f}: in no folder of layers.json; add its folder with what it may import`];
    return importsOf(f).flatMap((imp) => {
      const v = violation(layers, imp);
      return v ? [v] : [];
    });
  });
}

/** Cycles between folders (each as "a -> b -> a"). */
export function folderCycles(layers = readLayers(), files = sourceFiles()): string[] {
  const graph = new Map<string, Set<string>>();
  for (const f of files) {
    const a = folderOf(layers, f);
    if (!a) continue;
    for (const imp of importsOf(f)) {
      const b = folderOf(layers, imp.to);
      if (!b || b === a) continue;
      graph.set(a, (graph.get(a) ?? new Set()).add(b));
    }
  }
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (n: string): void => {
    state.set(n, 'open');
    path.push(n);
    for (const m of graph.get(n) ?? []) {
      if (state.get(m) === 'open') cycles.push([...path.slice(path.indexOf(m)), m].join(' -> '));
      else if (!state.has(m)) visit(m);
    }
    path.pop();
    state.set(n, 'done');
  };
  for (const n of graph.keys()) if (!state.has(n)) visit(n);
  return cycles;
}

/**
 * Allow-list entries no import uses (as Playwright's check_deps reports stale entries): an entry of a
 * folder that no file of that folder imports anything under. Each as "folder: entry".
 */
export function staleEntries(layers = readLayers(), files = sourceFiles()): string[] {
  const used = new Set<string>();
  for (const f of files) {
    const folder = folderOf(layers, f);
    if (!folder) continue;
    for (const imp of importsOf(f))
      for (const entry of layers.folders[folder] ?? []) {
        const typeOnly = entry.startsWith('type:');
        const target = typeOnly ? entry.slice(5) : entry;
        if (under(imp.to, target) && (!typeOnly || imp.typeOnly)) used.add(`${folder}: ${entry}`);
      }
  }
  return Object.entries(layers.folders).flatMap(([folder, entries]) =>
    entries.map((entry) => `${folder}: ${entry}`).filter((e) => !used.has(e)),
  );
}
