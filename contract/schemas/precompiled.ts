/**
 * The registry's validators as one generated module (Ajv's standalone code), kept on disk: every
 * process that validates (each Playwright worker) otherwise compiles each schema it meets, ~0.2-0.3
 * CPU-s a worker, ten times over in a far run. The module is generated once per set of schemas (its
 * file name is a hash of them, of Ajv's version and of the options) by the first process that needs
 * it (the run's global set-up warms it), and required by the others; a change to this file names a new one.
 *
 * Each error's `parentSchema` must be the very schema node the registry loaded (the registry finds
 * the clause of an error by that node's identity), so the module does not hold copies of the
 * schemas: it is a function given a `node(id, pointer)` lookup into the registry's own objects.
 * Anything unexpected (no writable cache, a node Ajv copied) leaves the registry compiling at run
 * time, as before: slower, never different.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { _Code } from 'ajv/dist/compile/codegen/code';
import standaloneCode from 'ajv/dist/standalone';
import type { Ajv2020 } from './ajv';

type SchemaObject = Record<string, unknown>;

/** Changes when the module's shape changes (a file of an older shape is never read). */
const FORMAT = 'conformance-validators/1';
const CACHE_DIR = join(__dirname, '..', '..', 'node_modules', '.cache', 'conformance-validators');

/** What the generated module exports: a function of the `require` its code uses and of the node lookup. */
type ValidatorsModule = (
  require: NodeJS.Require,
  node: (id: string, pointer: string) => unknown,
) => { ids: string[]; exports: Record<string, ValidateFunction> };

/** What this file reads of Ajv's scope (private: test/unit/schema-precompiled.test.ts pins it). */
interface ScopeValues {
  _values: Record<string, Map<unknown, { value?: { ref: unknown; code?: unknown } }> | undefined>;
}

const escapeToken = (token: string): string => token.replace(/~/g, '~0').replace(/\//g, '~1');
const unescapeToken = (token: string): string => token.replace(/~1/g, '/').replace(/~0/g, '~');

/** Every object node of every schema, with the first place it sits at: its schema's $id and a JSON pointer. */
function nodePlaces(schemas: ReadonlyMap<string, SchemaObject>): Map<object, [string, string]> {
  const places = new Map<object, [string, string]>();
  const walk = (value: unknown, id: string, pointer: string): void => {
    if (typeof value !== 'object' || value === null || places.has(value)) return;
    places.set(value, [id, pointer]);
    for (const [key, child] of Object.entries(value)) walk(child, id, `${pointer}/${escapeToken(key)}`);
  };
  for (const [id, schema] of schemas) walk(schema, id, '');
  return places;
}

/** The node at `pointer` in the schema `id`. */
export function nodeAt(schemas: ReadonlyMap<string, SchemaObject>, id: string, pointer: string): unknown {
  let node: unknown = schemas.get(id);
  for (const token of pointer === '' ? [] : pointer.slice(1).split('/').map(unescapeToken)) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[token] : undefined;
  }
  if (node === undefined) throw new Error(`precompiled validators: no schema node at ${id}#${pointer}`);
  return node;
}

/** The cache file for these schemas and options. */
function cacheFile(schemas: ReadonlyMap<string, SchemaObject>, options: object): string {
  // This file's own text too: a change to how the module is generated never reads an older one.
  const hash = createHash('sha1').update(FORMAT).update(readFileSync(__filename)).update(JSON.stringify(options));
  hash.update((createRequire(__filename)('ajv/package.json') as { version: string }).version);
  for (const id of [...schemas.keys()].sort()) hash.update(id).update(JSON.stringify(schemas.get(id)));
  return join(CACHE_DIR, `${hash.digest('hex')}.js`);
}

/** The module's source: `ajv` holds the schemas, compiled with `code.source`. */
export function validatorsSource(ajv: Ajv2020, schemas: ReadonlyMap<string, SchemaObject>): string {
  const ids = [...schemas.keys()].sort();
  for (const id of ids) if (!ajv.getSchema(id)) throw new Error(`precompiled validators: schema ${id} did not compile`);
  const places = nodePlaces(schemas);
  const values = (ajv.scope as unknown as ScopeValues)._values.schema;
  for (const name of values?.values() ?? []) {
    if (!name.value) continue;
    const place = typeof name.value.ref === 'object' && name.value.ref !== null ? places.get(name.value.ref) : undefined;
    if (!place) throw new Error('precompiled validators: Ajv holds a schema node the registry did not load');
    name.value.code = new _Code(`node(${JSON.stringify(place[0])}, ${JSON.stringify(place[1])})`);
  }
  const code = standaloneCode(ajv, Object.fromEntries(ids.map((id, i) => [`v${i}`, id])));
  return [
    `// ${FORMAT}: generated by contract/schemas/precompiled.ts from the registry's schemas; delete freely.`,
    "'use strict';",
    'module.exports = function validators(require, node) {',
    'const exports = {};',
    code.replace(/^"use strict";/, ''),
    `return { ids: ${JSON.stringify(ids)}, exports };`,
    '};',
    '',
  ].join('\n');
}

/** The module's file, written first when missing (from the Ajv `compiling()` returns); null when it cannot be. */
export function validatorsFile(schemas: ReadonlyMap<string, SchemaObject>, options: object, compiling: () => Ajv2020): string | null {
  try {
    const file = cacheFile(schemas, options);
    if (existsSync(file)) return file;
    const source = validatorsSource(compiling(), schemas);
    mkdirSync(CACHE_DIR, { recursive: true });
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, source);
    renameSync(partial, file);
    return file;
  } catch {
    return null;
  }
}

/**
 * The validators of `schemas` by $id, from the module (written first when missing); null when they
 * cannot be had (the registry then compiles at run time).
 */
export function precompiledValidators(
  schemas: ReadonlyMap<string, SchemaObject>,
  options: object,
  compiling: () => Ajv2020,
): Map<string, ValidateFunction> | null {
  const file = validatorsFile(schemas, options, compiling);
  if (!file) return null;
  try {
    const load = createRequire(__filename);
    const factory = load(file) as ValidatorsModule;
    const { ids, exports } = factory(load, (id, pointer) => nodeAt(schemas, id, pointer));
    const validators = new Map<string, ValidateFunction>();
    ids.forEach((id, i) => {
      const validate = exports[`v${i}`];
      if (validate) validators.set(id, validate);
    });
    return validators.size === schemas.size ? validators : null;
  } catch {
    return null;
  }
}
