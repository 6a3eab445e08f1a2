// Query strings (part 4 "Common query parameters": page, per_page, cursor, include sent comma-separated, and
// `filter` as a deep object `filter[name][operator]=value`). Strict refuses what an operation does not list.
import type { Choices } from './choices';
import { badRequest } from './errors';

export type QueryParamName = 'page' | 'per_page' | 'cursor' | 'include' | 'filter';

export interface FilterParam {
  name: string;
  /** null for `filter[name]=v`, '' for `filter[name][]=v`, else the operator */
  op: string | null;
  values: string[];
}

export interface ParsedQuery {
  params: Map<string, string[]>;
  filters: Map<string, FilterParam>;
  malformedFilters: string[];
}

/** What one operation accepts (the "Input" column of part 4's table and the include and filter tables). */
export interface OpSpec {
  params: readonly QueryParamName[];
  includes?: readonly string[];
  filters?: Readonly<Record<string, readonly (string | null)[]>>;
}

const FILTER_KEY = /^filter\[([^[\]]+)\](?:\[([^[\]]*)\])?$/;

export function filterKey(name: string, op: string | null): string {
  return op === null ? name : `${name}[${op}]`;
}

export function parseQuery(search: URLSearchParams): ParsedQuery {
  const params = new Map<string, string[]>();
  const filters = new Map<string, FilterParam>();
  const malformedFilters: string[] = [];
  for (const [key, value] of search) {
    if (key === 'filter' || key.startsWith('filter[')) {
      const m = FILTER_KEY.exec(key);
      if (!m || m[1] === undefined) {
        malformedFilters.push(key);
        continue;
      }
      const op = m[2] === undefined ? null : m[2];
      const k = filterKey(m[1], op);
      const entry = filters.get(k) ?? { name: m[1], op, values: [] };
      entry.values.push(value);
      filters.set(k, entry);
      continue;
    }
    params.set(key, [...(params.get(key) ?? []), value]);
  }
  return { params, filters, malformedFilters };
}

export function param(q: ParsedQuery, name: string): string | undefined {
  const values = q.params.get(name);
  return values === undefined ? undefined : values[values.length - 1];
}

/** Strict: 400 for parameters, filters and operators the operation does not list. Lenient: nothing is refused. */
export function checkQuery(q: ParsedQuery, spec: OpSpec, choices: Choices): void {
  if (!choices.rejectUnknownQuery) return;
  const allowed = new Set<string>(spec.params);
  if (allowed.has('page')) allowed.add('cursor'); // cursor pagination is a common parameter of paginated lists
  for (const [name, values] of q.params) {
    if (!allowed.has(name)) throw badRequest(`unknown query parameter \`${name}\``);
    if (name !== 'include' && values.length > 1) throw badRequest(`query parameter \`${name}\` given more than once`);
  }
  if (q.malformedFilters.length > 0) throw badRequest(`malformed filter parameter \`${q.malformedFilters[0] ?? ''}\``);
  if (q.filters.size === 0) return;
  if (!allowed.has('filter') || spec.filters === undefined) throw badRequest('this operation takes no filter');
  for (const f of q.filters.values()) {
    const ops = spec.filters[f.name];
    if (ops === undefined) throw badRequest(`unknown filter \`${f.name}\``);
    if (!ops.includes(f.op)) throw badRequest(`unknown operator for filter \`${f.name}\``);
    if (f.op !== '' && f.name !== 'kind' && f.values.length > 1) throw badRequest(`filter \`${f.name}\` given more than once`);
  }
  if (q.params.has('page') && q.params.has('cursor')) throw badRequest('`page` and `cursor` cannot be combined');
}

/** The include paths asked for. Strict and frameworks refuse values outside the operation's include table. */
export function includePaths(q: ParsedQuery, spec: OpSpec, choices: Choices): string[] {
  const raw = (q.params.get('include') ?? []).flatMap((v) => v.split(','));
  const paths: string[] = [];
  for (const item of raw) {
    const value = item.trim();
    if (value === '') {
      if (choices.rejectUnknownQuery && raw.length > 1) throw badRequest('empty include value');
      continue;
    }
    if (choices.rejectUnknownInclude && !(spec.includes ?? []).includes(value)) {
      throw badRequest(`unknown include value \`${value}\``, `This endpoint does not support the include parameter for path ${value}`);
    }
    if (!paths.includes(value)) paths.push(value);
  }
  return paths;
}

export function filterParam(q: ParsedQuery, name: string, op: string | null): FilterParam | undefined {
  return q.filters.get(filterKey(name, op));
}

export function filterValue(q: ParsedQuery, name: string, op: string | null): string | undefined {
  const values = filterParam(q, name, op)?.values;
  return values === undefined ? undefined : values[values.length - 1];
}
