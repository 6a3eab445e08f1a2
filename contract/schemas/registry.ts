/**
 * The schema registry: every JSON Schema under schemas/rm, schemas/hr and schemas/learning, loaded
 * once. Validators come precompiled (contract/schemas/precompiled.ts), else compile lazily on first use in one
 * strict Ajv 2020-12 instance; either way cached.
 * Each error names the clause of the failing rule (its `x-clause` annotation), so a failure quotes
 * the document.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { createAjv, type Ajv2020 } from './ajv';
import { precompiledValidators, validatorsFile } from './precompiled';

export const SCHEMA_BASE = 'https://schemas.conformance.test/';

/** Directories that hold JSON Schemas (schemas/openapi holds exports, not schemas). */
const SCHEMA_DIRS = ['rm', 'hr', 'learning'] as const;
/** Files in those directories that are data, not schemas. */
const NOT_SCHEMAS = new Set(['operations.json']);

export const SCHEMAS_ROOT = join(__dirname, '../../schemas/');

type SchemaObject = Record<string, unknown>;

function isObject(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Schemas are shared by every caller (generators, checks, the reference server): nobody may edit them. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return jsonFiles(full);
    return entry.isFile() && entry.name.endsWith('.json') && !NOT_SCHEMAS.has(entry.name) ? [full] : [];
  });
}

function loadSchemas(): Map<string, SchemaObject> {
  const byId = new Map<string, SchemaObject>();
  for (const dir of SCHEMA_DIRS) {
    for (const file of jsonFiles(join(SCHEMAS_ROOT, dir))) {
      const schema: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (!isObject(schema) || typeof schema.$id !== 'string') throw new Error(`schema file ${file} has no $id`);
      if (byId.has(schema.$id)) throw new Error(`schema $id ${schema.$id} is declared twice (second: ${file})`);
      byId.set(schema.$id, deepFreeze(schema));
    }
  }
  return byId;
}

const schemas = loadSchemas();

// allowUnionTypes: the documents make many values nullable (`type: ["string", "null"]`); everything
// else of strict mode stays on.
// validateSchema: false: every process (each Playwright worker too) loads this registry; checking each
// schema against the 2020-12 meta-schema is test/unit/schemas.test.ts's job, and strict mode still
// refuses an unknown keyword when a schema compiles.
// inlineRefs: false and code.optimize: false: a referenced schema compiles once, as its own function,
// not again inside every schema that refers to it, and without ajv's optimising passes.
const AJV_OPTIONS = { allowUnionTypes: true, verbose: true, validateSchema: false, inlineRefs: false, code: { optimize: false } };

/** An Ajv holding every schema of the registry (`source`: keeping each validator's code, to be written out). */
function registryAjv(source: boolean): Ajv2020 {
  // createAjv registers the annotation keywords: `x-clause` (the clause a rule comes from) and `x-decision`.
  const ajv = createAjv({ ...AJV_OPTIONS, code: { ...AJV_OPTIONS.code, source } });
  for (const schema of schemas.values()) ajv.addSchema(schema);
  return ajv;
}

/** Compiles at run time, each schema on first use: only when the precompiled module cannot be had. */
let runtimeAjv: Ajv2020 | null = null;
/** CONFORMANCE_COMPILE_CACHE=0: no precompiled module, everything compiled in this process. */
const AHEAD = process.env.CONFORMANCE_COMPILE_CACHE !== '0';
const compilingAhead = (): Ajv2020 => registryAjv(true);
/** The validators of contract/schemas/precompiled.ts; null when they cannot be had or AHEAD is off. */
let precompiled: Map<string, ValidateFunction> | null | undefined;

const validators = new Map<string, ValidateFunction>();

/**
 * Writes the precompiled validators' module when it is missing (the run's global set-up, so that
 * its workers read it rather than each compile); false when it cannot be written.
 */
export function prepareValidators(): boolean {
  return !AHEAD || validatorsFile(schemas, AJV_OPTIONS, compilingAhead) !== null;
}

/** Whether validators come from the precompiled module (false: compiled in this process; none asked for yet: undefined). */
export function precompiledInUse(): boolean | undefined {
  return precompiled === undefined ? undefined : precompiled !== null;
}

/** Every schema $id of the registry, sorted. */
export function schemaIds(): string[] {
  return [...schemas.keys()].sort();
}

/** Accepts an absolute `$id` or one relative to SCHEMA_BASE ("rm/candidate.json"). */
function absolute(id: string): string {
  return /^https?:\/\//.test(id) ? id : SCHEMA_BASE + id.replace(/^\//, '');
}

export function getSchema(id: string): Record<string, unknown> {
  const schema = schemas.get(absolute(id));
  if (!schema) throw new Error(`unknown schema id "${id}"; known ids are under ${SCHEMA_BASE} (see schemaIds())`);
  return schema;
}

function validatorOf(id: string): ValidateFunction {
  const key = absolute(id);
  let validate = validators.get(key);
  if (!validate) {
    getSchema(key);
    precompiled ??= AHEAD ? precompiledValidators(schemas, AJV_OPTIONS, compilingAhead) : null;
    validate = precompiled?.get(key) ?? (runtimeAjv ??= registryAjv(false)).getSchema(key);
    if (!validate) throw new Error(`schema "${id}" did not compile`);
    validators.set(key, validate);
  }
  return validate;
}

/**
 * The nearest enclosing `x-clause` of every schema node, by object identity. Ajv's verbose errors
 * hand back the very node objects loaded here as `parentSchema`, so an unannotated node (an `anyOf`
 * branch, the inside of an if/then rule) takes the clause of the node that lexically holds it.
 */
const clauseOfNode = new WeakMap<object, string>();

function indexClauses(node: unknown, inherited: string | undefined): void {
  if (Array.isArray(node)) {
    for (const item of node) indexClauses(item, inherited);
    return;
  }
  if (!isObject(node)) return;
  const own = node['x-clause'];
  const clause = typeof own === 'string' ? own : inherited;
  if (clause !== undefined) clauseOfNode.set(node, clause);
  for (const child of Object.values(node)) indexClauses(child, clause);
}
for (const schema of schemas.values()) indexClauses(schema, undefined);

function clauseOf(error: ErrorObject, rootId: string): string | undefined {
  const parent = error.parentSchema;
  const clause = isObject(parent) ? clauseOfNode.get(parent) : undefined;
  if (clause) return clause;
  const rootClause = schemas.get(rootId)?.['x-clause'];
  return typeof rootClause === 'string' ? rootClause : undefined;
}

export interface SchemaError {
  /** "<path> <message> [<clause id>]" */
  text: string;
  /** The clause id of the broken keyword (its `x-clause`, or the nearest enclosing one). */
  clause: string | undefined;
}

function describeError(error: ErrorObject, rootId: string): SchemaError {
  let message = error.message ?? `fails ${error.keyword}`;
  if (error.keyword === 'enum' && Array.isArray(error.schema)) message += ` (${error.schema.map((v) => JSON.stringify(v)).join(', ')})`;
  if (error.keyword === 'const') message += ` (${JSON.stringify(error.schema)})`;
  const clause = clauseOf(error, rootId);
  return { text: `${error.instancePath || '/'} ${message}${clause ? ` [${clause}]` : ''}`, clause };
}

/** Validates `value` against the schema `$id`; each error names the clause of its keyword. */
export function validateAgainst(id: string, value: unknown): { valid: boolean; errors: SchemaError[] } {
  const validate = validatorOf(id);
  const valid = validate(value);
  if (valid) return { valid: true, errors: [] };
  const rootId = absolute(id);
  const errors = (validate.errors ?? []).map((error) => describeError(error, rootId));
  // if/then and anyOf add summary errors that repeat the ones under them; keep each text once.
  const seen = new Set<string>();
  return { valid: false, errors: errors.filter((e) => !seen.has(e.text) && seen.add(e.text)) };
}
