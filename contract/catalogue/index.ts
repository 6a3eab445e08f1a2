/**
 * The operation catalogue: reads schemas/<api>/operations.json once, validates each file against
 * schemas/catalogue.schema.json, adds `api` to every operation and hands out deep-frozen values.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isClauseId } from '../clauses';
import { createAjv } from '../schemas/ajv';
import type { ApiName, CatalogueFile, OperationSpec } from './types';

export type { ApiName, CatalogueFile, OperationSpec } from './types';

export const APIS: readonly ApiName[] = Object.freeze(['rm', 'hr', 'learning'] as const);

const SCHEMAS_ROOT = join(__dirname, '../../schemas/');

function readJson(relative: string): unknown {
  return JSON.parse(readFileSync(join(SCHEMAS_ROOT, relative), 'utf8'));
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

interface Loaded {
  files: ReadonlyMap<ApiName, CatalogueFile>;
  all: readonly OperationSpec[];
  byApi: ReadonlyMap<ApiName, readonly OperationSpec[]>;
  byId: ReadonlyMap<string, OperationSpec>;
}

let loaded: Loaded | undefined;

function load(): Loaded {
  if (loaded) return loaded;
  // A small Ajv of its own: the catalogue schema is not a seed-derived schema of the registry.
  // Playwright workers (TEST_WORKER_INDEX set) skip it: the run's own process has validated the
  // same files in its global set-up, and every worker start-up would pay it. The catalogue schema
  // itself is not checked against the 2020-12 meta-schema here (compiling that costs ~50 ms before a
  // run can list its tests): test/unit/schemas.test.ts does.
  const validate =
    process.env.TEST_WORKER_INDEX === undefined
      ? createAjv({ validateSchema: false }).compile<CatalogueFile>(readJson('catalogue.schema.json') as object)
      : null;
  const files = new Map<ApiName, CatalogueFile>();
  const byApi = new Map<ApiName, readonly OperationSpec[]>();
  const byId = new Map<string, OperationSpec>();
  const all: OperationSpec[] = [];
  for (const api of APIS) {
    const file = readJson(`${api}/operations.json`) as CatalogueFile;
    if (validate && !validate(file)) {
      const errors = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`).join('; ');
      throw new Error(`schemas/${api}/operations.json does not match schemas/catalogue.schema.json: ${errors}`);
    }
    if (file.api !== api) throw new Error(`schemas/${api}/operations.json declares api "${file.api}"`);
    const operations = file.operations.map((op): OperationSpec => ({ ...op, api }));
    for (const op of operations) {
      for (const id of [op.clause, ...op.responses.map((r) => r.clause)]) {
        if (!isClauseId(id))
          throw new Error(
            `schemas/${api}/operations.json: ${op.id} names clause "${id}", which contract/clauses/registry.ts does not hold`,
          );
      }
      if (byId.has(op.id)) throw new Error(`operation id "${op.id}" appears twice in the catalogue`);
      byId.set(op.id, op);
    }
    files.set(api, deepFreeze(file));
    byApi.set(api, deepFreeze(operations));
    all.push(...operations);
  }
  loaded = { files, all: deepFreeze(all), byApi, byId };
  return loaded;
}

/** Every operation of the three APIs, in document order. */
export function catalogue(): readonly OperationSpec[] {
  return load().all;
}

export function operationsOf(api: ApiName): readonly OperationSpec[] {
  const ops = load().byApi.get(api);
  if (!ops) throw new Error(`unknown API "${String(api)}"; expected one of ${APIS.join(', ')}`);
  return ops;
}

/** One operation by id, e.g. "rm.candidates.create"; throws naming the id when it is unknown. */
export function operation(id: string): OperationSpec {
  const op = load().byId.get(id);
  if (!op) throw new Error(`unknown operation id "${id}" (not in schemas/*/operations.json)`);
  return op;
}

/** The catalogue file of one API as read (without `api` on its operations). */
export function catalogueFile(api: ApiName): CatalogueFile {
  const file = load().files.get(api);
  if (!file) throw new Error(`unknown API "${String(api)}"; expected one of ${APIS.join(', ')}`);
  return file;
}
