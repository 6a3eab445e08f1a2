/**
 * The operation catalogue against the documents: exactly the operations of the operations tables of
 * 000 §4 and 001 §4 (read from the seeds by test/unit/seed-tables.ts, never repeated here), with the
 * statuses of each row plus the general rules, ids of one pattern, schema references that exist,
 * section references, and the include, filter and query tables of 000 §4.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { catalogue, catalogueFile, operation, operationsOf, type ApiName, type OperationSpec } from '../../contract/catalogue/index';
import { clause, SEED_FILES } from '../../contract/clauses';
import { schemaIds } from '../../contract/schemas/registry';
import { operationsTable, seedText, tableIn, type DocumentedOperation } from './seed-tables';
import { docTest } from './documents';

/** The documents' text, read on first use inside a test that needs them (docTest skips it when they are absent). */
const TEXT = {
  get '000'(): string {
    return seedText('000');
  },
  get '001'(): string {
    return seedText('001');
  },
};

interface Documented extends DocumentedOperation {
  api: ApiName;
}

/** 001 §4 holds both v3 APIs: the learning operations are those under /learning. */
const v3Api = (path: string): ApiName => (path === '/learning' || path.startsWith('/learning/') ? 'learning' : 'hr');

/**
 * The two operations tables, read on first use (inside a test): a row the reader cannot read fails
 * the tests that need it with the row's text, instead of failing the file as it loads.
 */
let parsed: { rm: ReturnType<typeof operationsTable>; v3: ReturnType<typeof operationsTable>; all: readonly Documented[] } | undefined;
function tables(): NonNullable<typeof parsed> {
  if (parsed) return parsed;
  const rm = operationsTable(TEXT['000']);
  const v3 = operationsTable(TEXT['001']);
  const all = [
    ...rm.operations.map((o): Documented => ({ ...o, api: 'rm' })),
    ...v3.operations.map((o): Documented => ({ ...o, api: v3Api(o.path) })),
  ];
  parsed = { rm, v3, all };
  return parsed;
}

const route = (o: { api: ApiName; method: string; path: string }): string => `${o.api} ${o.method} ${o.path}`;

/** The documented row of a catalogued operation (by api, method and path). */
function rowOf(op: OperationSpec): Documented {
  const row = tables().all.find((d) => route(d) === route(op));
  assert.ok(row, `${op.id} (${route(op)}) is in no operations table`);
  return row;
}

const statuses = (op: OperationSpec): string[] => op.responses.map((r) => r.status).sort();
const sorted = (values: Iterable<string>): string[] => [...new Set(values)].sort();
const normalise = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Fails naming every documented route the catalogue lacks and every catalogued route no document names. */
function assertSameRoutes(documented: readonly string[], catalogued: readonly string[], what: string): void {
  const doc = new Set(documented);
  const cat = new Set(catalogued);
  assert.equal(doc.size, documented.length, `${what}: a documented route appears twice`);
  assert.equal(cat.size, catalogued.length, `${what}: a catalogued route appears twice`);
  const missing = [...doc].filter((r) => !cat.has(r));
  const extra = [...cat].filter((r) => !doc.has(r));
  assert.ok(
    missing.length === 0 && extra.length === 0,
    `${what}: missing from the catalogue: [${missing.join('; ')}]; in the catalogue but in no table: [${extra.join('; ')}]`,
  );
}

const groups = (): { what: string; apis: readonly ApiName[] }[] => [
  { what: `000 ${tables().rm.section}`, apis: ['rm'] },
  { what: `001 ${tables().v3.section}`, apis: ['hr', 'learning'] },
];

const documentedRoutes = (apis: readonly ApiName[]): string[] =>
  tables()
    .all.filter((d) => apis.includes(d.api))
    .map(route);
const cataloguedRoutes = (apis: readonly ApiName[]): string[] => apis.flatMap((api) => operationsOf(api).map(route));

docTest('the catalogue holds exactly the operations of the operations tables of 000 §4 and 001 §4', () => {
  for (const { what, apis } of groups()) assertSameRoutes(documentedRoutes(apis), cataloguedRoutes(apis), what);
  // Counts follow from the tables, per API and in all.
  const { all } = tables();
  for (const api of ['rm', 'hr', 'learning'] as const) assert.equal(operationsOf(api).length, all.filter((d) => d.api === api).length, api);
  assert.equal(catalogue().length, all.length);
});

docTest('the route comparison fails on a missing and on an extra operation', () => {
  // Independent of whether catalogue and tables agree today: each side is compared with a mutated copy of itself.
  const documented = documentedRoutes(['rm']);
  const catalogued = cataloguedRoutes(['rm']);
  assertSameRoutes(documented, [...documented], 'copy');
  assertSameRoutes(catalogued, [...catalogued], 'copy');
  const dropped = documented[documented.length - 1] ?? assert.fail('empty table');
  const fake = 'rm GET /candidates/{candidateId}/fake';
  // A documented operation the catalogue lacks.
  assert.throws(
    () =>
      assertSameRoutes(
        documented,
        documented.filter((r) => r !== dropped),
        'mutated',
      ),
    (e: Error) => e.message.includes(`missing from the catalogue: [${dropped}]`) && e.message.includes('in no table: []'),
  );
  // A catalogue entry added in memory that no table names.
  assert.throws(
    () => assertSameRoutes(catalogued, [...catalogued, fake], 'mutated'),
    (e: Error) => e.message.includes('missing from the catalogue: []') && e.message.includes(`in no table: [${fake}]`),
  );
  // Both at once, and a route listed twice.
  assert.throws(
    () => assertSameRoutes(documented, [...documented.filter((r) => r !== dropped), fake], 'mutated'),
    (e: Error) => e.message.includes(`missing from the catalogue: [${dropped}]`) && e.message.includes(`in no table: [${fake}]`),
  );
  assert.throws(() => assertSameRoutes(documented, [...documented, dropped], 'mutated'), /appears twice/);
});

docTest('the table reader refuses a row it cannot read, naming the row', () => {
  const row = tables().rm.operations.find((o) => o.method === 'GET' && o.path === '/candidates/{candidateId}')?.line;
  assert.ok(row, 'GET /candidates/{candidateId} is in 000 §4');
  const mutations = [
    row.replace('| 200 |', '| OK |'), // no status
    row.replace('| 200 |', '| 2000 |'), // not a status
    row.replace('| GET |', '| FETCH |'), // no method
    row.replace('/candidates/{candidateId}', 'candidates by id'), // no path
    row.replace('| 200 |', '| 200 | 201 |'), // a cell too many
    row.replace('| 401, 404 |', '|  |'), // an empty cell
  ];
  for (const to of mutations) {
    const text = TEXT['000'].replace(row, to);
    assert.notEqual(text, TEXT['000'], to);
    assert.throws(
      () => operationsTable(text),
      (e: Error) => e.message.startsWith('§4 Operations:') && e.message.endsWith(to),
      to,
    );
  }
  // A second path that is no sibling, and a duplicated row.
  const bu = tables().v3.operations.find((o) => o.path.endsWith('/level1'))?.line;
  assert.ok(bu, 'the business unit row is in 001 §4');
  for (const to of [bu.replace('/level2', 'level2'), bu.replace('/level2', '/level2/{id}'), `${bu}\n${bu}`]) {
    assert.throws(
      () => operationsTable(TEXT['001'].replace(bu, to)),
      (e: Error) => e.message.endsWith(to.split('\n').pop() ?? to),
      to,
    );
  }
});

docTest('the odd rows read as the document means them', () => {
  const v3 = tables().v3.operations;
  const bu = v3.filter((o) => o.line.includes('/hrcore/business-unit/level1,'));
  assert.deepEqual(
    bu.map((o) => o.path),
    [1, 2, 3, 4].map((n) => `/hrcore/business-unit/level${n}`),
  );
  assert.ok(v3.filter((o) => o.line.includes('status not shown')).every((o) => o.success.length === 0));
  const learning = v3.find((o) => v3Api(o.path) === 'learning');
  assert.deepEqual(learning?.success, ['201', '200']);
  assert.deepEqual(learning?.successWithBody, ['201']);
  const rm = tables().rm.operations;
  assert.ok(rm.filter((o) => o.line.includes('none listed')).every((o) => o.errors.length === 0));
  assert.ok(rm.filter((o) => o.line.includes('| 200 or 201 |')).every((o) => o.success.join() === '200,201'));
  const anonymise = rm.find((o) => o.line.includes('(integration or candidate missing)'));
  assert.deepEqual([anonymise?.success, anonymise?.errors], [['202'], ['401', '404']]);
  const add = rm.find((o) => o.line.includes('201 added, 200 already a member'));
  assert.deepEqual(add?.success, ['201', '200']);
});

void test('ids follow <api>.<resource>.<verb> and are unique; no method + path twice', () => {
  for (const op of catalogue()) {
    assert.match(op.id, /^(?:rm|hr|learning)\.[a-z][a-z0-9]*(?:-[a-z0-9]+)*\.[a-z]+(?:-[a-z]+)*$/, op.id);
    assert.equal(op.id.split('.')[0], op.api, op.id);
  }
  assert.equal(new Set(catalogue().map((op) => op.id)).size, catalogue().length);
  const routes = catalogue().map(route);
  assert.equal(new Set(routes).size, routes.length);
});

docTest("every operation names its table's section and cites the clause quoting its row", () => {
  for (const op of catalogue()) {
    const seed = op.api === 'rm' ? '000' : '001';
    const table = op.api === 'rm' ? tables().rm : tables().v3;
    assert.equal(op.section, `${seed} ${table.section}`, op.id);
    const c = clause(op.clause);
    assert.equal(`${c.seed} ${c.section}`, `${seed} ${table.section}`, `${op.id} cites ${op.clause}`);
    assert.equal(normalise(c.quote), normalise(rowOf(op).line), `${op.id} cites ${op.clause}`);
  }
});

void test('every request and response schema id exists in the registry', () => {
  const known = new Set(schemaIds());
  for (const op of catalogue()) {
    if (op.requestBody) assert.ok(known.has(op.requestBody.schema), `${op.id} request ${op.requestBody.schema}`);
    for (const r of op.responses) if (r.schema) assert.ok(known.has(r.schema), `${op.id} ${r.status} ${r.schema}`);
  }
});

void test('every operation, parameter, filter, body and response names its seed section', () => {
  for (const op of catalogue()) {
    const seedOf = op.api === 'rm' ? /^000 §/ : /^001 §/;
    const refs = [
      op.section,
      ...op.pathParams.map((p) => p.section),
      ...op.query.map((p) => p.section),
      ...op.filters.map((f) => f.section),
      ...op.responses.map((r) => r.section),
      ...(op.requestBody ? [op.requestBody.section] : []),
    ];
    for (const ref of refs) assert.match(ref, seedOf, op.id);
  }
});

void test('path parameters are exactly the placeholders of the path', () => {
  for (const op of catalogue()) {
    const placeholders = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    assert.deepEqual(
      op.pathParams.map((p) => p.name),
      placeholders,
      op.id,
    );
  }
});

docTest('auth and content types per API', () => {
  for (const op of operationsOf('rm')) {
    assert.equal(op.auth, 'hmacBasic');
    if (op.requestBody) assert.equal(op.requestBody.contentType, 'application/vnd.api+json');
  }
  for (const op of [...operationsOf('hr'), ...operationsOf('learning')]) {
    assert.equal(op.auth, 'oauthBearer');
    assert.equal(op.requestBody?.contentType, 'application/json');
  }
});

/** The statuses of the error table of 000 §7. */
function rmErrors(): Set<string> {
  return new Set(
    tableIn(TEXT['000'], 7).rows.map(({ cells, line }) => {
      const status = cells[0] ?? '';
      assert.match(status, /^[45]\d\d$/, `000 §7: cannot read status: ${line}`);
      return status;
    }),
  );
}

docTest('RM statuses: the row, plus 401 everywhere, 404 for addressed records, 400 for the filter cap', () => {
  const RM_ERRORS = rmErrors();
  for (const op of operationsOf('rm')) {
    const row = rowOf(op);
    const have = statuses(op);
    // Every status the row names is catalogued, and the success statuses are exactly the row's.
    for (const s of [...row.success, ...row.errors]) assert.ok(have.includes(s), `${op.id} lacks ${s} of its row: ${row.line}`);
    assert.deepEqual(sorted(have.filter((s) => s.startsWith('2'))), sorted(row.success), op.id);
    assert.ok(row.success.length > 0, `${op.id} has no success status`);
    // The general rules.
    assert.ok(have.includes('401'), `${op.id} lacks 401 (000 §5.4)`);
    if (op.pathParams.length > 0) assert.ok(have.includes('404'), `${op.id} lacks 404 (000 §7)`);
    // Nothing else: a status beyond the row is one of a general rule, and cites that rule.
    for (const r of op.responses) {
      if (r.status.startsWith('4')) assert.ok(RM_ERRORS.has(r.status), `${op.id} ${r.status} is not in the table of 000 §7`);
      if (row.success.includes(r.status) || row.errors.includes(r.status)) continue;
      if (r.status === '401') assert.equal(r.clause, 'rm.auth.401', op.id);
      else if (r.status === '404') {
        assert.ok(op.pathParams.length > 0, `${op.id} 404 without an addressed record`);
        assert.equal(r.clause, 'rm.error.404', op.id);
      } else if (r.status === '400') {
        assert.equal(r.clause, 'rm.query.filter-cap', op.id);
        const names = op.query.map((q) => q.name);
        assert.ok(names.includes('page') && names.includes('filter'), `${op.id}: the filter cap needs numeric pagination and a filter`);
      } else assert.fail(`${op.id} ${r.status} is neither in its row nor a general rule: ${row.line}`);
    }
  }
  // 000 §7 lists the cap, illustrated (000 §8) on candidate records: the candidate list has it.
  assert.ok(RM_ERRORS.has('400'));
  const candidates = operationsOf('rm').find((op) => op.method === 'GET' && op.path === '/candidates');
  assert.ok(candidates && statuses(candidates).includes('400'), 'GET /candidates lacks 400 (000 §7, §8)');
});

docTest('v3 statuses: the row, or the class 2xx where none is shown; 4xx for validation (001 §7)', () => {
  for (const op of [...operationsOf('hr'), ...operationsOf('learning')]) {
    const row = rowOf(op);
    const success = row.success.length > 0 ? row.success : ['2xx'];
    assert.deepEqual(statuses(op), sorted([...success, '4xx']), `${op.id}: ${row.line}`);
    for (const s of row.successWithBody)
      assert.ok(op.responses.find((r) => r.status === s)?.schema, `${op.id} ${s} has no schema although the row shows a body: ${row.line}`);
  }
  const created = operation('learning.activities.put').responses.find((r) => r.status === '201');
  assert.equal(created?.schema, 'https://schemas.conformance.test/learning/activity-created.json');
});

/** "query: page, per_page" or "query include, filter; ..." in the Input column: the names; [] otherwise. */
function queryNamesOf(row: DocumentedOperation): string[] {
  const head = row.input.split(';')[0] ?? '';
  const match = /^query:?\s+(.+)$/.exec(head);
  if (!match) return [];
  const names = (match[1] ?? '').split(/\s*,\s*/);
  for (const n of names) assert.match(n, /^[a-z_]+$/, `000 §4 Operations: cannot read query "${head}": ${row.line}`);
  return names;
}

docTest('RM query parameters and bodies follow the Input column of 000 §4 and its common parameters', () => {
  const common = new Set(tableIn(TEXT['000'], 4, 'Common query parameters').rows.map((r) => r.cells[0]));
  for (const op of operationsOf('rm')) {
    const row = rowOf(op);
    const names = queryNamesOf(row);
    assert.deepEqual(
      op.query.map((q) => q.name),
      names,
      `${op.id}: ${row.line}`,
    );
    for (const n of names) assert.ok(common.has(n), `${op.id}: ${n} is not a common query parameter of 000 §4`);
    assert.equal(op.requestBody !== undefined, row.input.startsWith('body '), `${op.id} request body: ${row.line}`);
  }
});

/** The words of a path (literal segments, split at "_") or a table label, in the singular: "/job_applications/{id}/events" is job application event. */
const singular = (w: string): string => (w.endsWith('s') ? w.slice(0, -1) : w);
const pathWords = (path: string): string[] =>
  path
    .split('/')
    .filter((s) => s !== '' && !s.startsWith('{'))
    .flatMap((s) => s.split('_'))
    .map(singular);
const labelWords = (label: string): string[] => label.split(/[\s_]+/).map(singular);

/** "candidates (list and get)", "candidate events, job application events": the labels of a "Used by" cell. */
const labelsOf = (cell: string): string[] => cell.replace(/\s*\([^)]*\)/g, '').split(/\s*,\s*/);

/** The label of a "Used by" column that names `op`: the longest whose words begin the path's words. */
function labelOf(op: OperationSpec, labels: Iterable<string>): string | undefined {
  const words = pathWords(op.path);
  let best: string | undefined;
  for (const label of labels) {
    const lw = labelWords(label);
    if (lw.every((w, i) => words[i] === w) && lw.length > (best ? labelWords(best).length : 0)) best = label;
  }
  return best;
}

docTest('include values follow "Allowed include values" of 000 §4', () => {
  const table = tableIn(TEXT['000'], 4, 'Allowed `include` values');
  const byLabel = new Map<string, string[]>();
  for (const { cells, line } of table.rows) {
    const values = (cells[1] ?? '').split(/\s*,\s*/);
    for (const v of values) assert.match(v, /^[a-z_]+(?:\.[a-z_]+)*$/, `000 ${table.section}: cannot read include value "${v}": ${line}`);
    for (const label of labelsOf(cells[0] ?? '')) byLabel.set(label, values);
  }
  const used = new Set<string>();
  for (const op of operationsOf('rm')) {
    if (!op.query.some((q) => q.name === 'include')) {
      assert.deepEqual(op.include, [], op.id);
      continue;
    }
    const label = labelOf(op, byLabel.keys());
    assert.ok(label, `${op.id} takes include but no row of 000 ${table.section} names it`);
    used.add(label);
    assert.deepEqual(op.include, byLabel.get(label), `${op.id} (${label})`);
  }
  assert.deepEqual(sorted(used), sorted(byLabel.keys()), `every row of 000 ${table.section} is used`);
});

docTest('filters follow "Filters" of 000 §4', () => {
  const table = tableIn(TEXT['000'], 4, 'Filters');
  const byLabel = new Map<string, { names: string[]; asAbove: boolean }>();
  for (const { cells, line } of table.rows) {
    // "filter[created_at][gte], [lte]": a bracket alone replaces the last bracket of the name before it.
    const names: string[] = [];
    for (const piece of (cells[1] ?? '').split(/\s*,\s*/)) {
      const name = piece.startsWith('[') ? (names[names.length - 1] ?? '').replace(/\[[^\]]*\]$/, '') + piece : piece;
      assert.match(name, /^filter(?:\[\w+\])+$/, `000 ${table.section}: cannot read filter "${piece}": ${line}`);
      names.push(name);
    }
    for (const label of labelsOf(cells[0] ?? '')) {
      const entry = byLabel.get(label) ?? { names: [], asAbove: false };
      entry.names.push(...names);
      entry.asAbove ||= /^as above\b/.test(cells[2] ?? '');
      byLabel.set(label, entry);
    }
  }
  const everyName = new Set([...byLabel.values()].flatMap((e) => e.names));
  const used = new Set<string>();
  for (const op of operationsOf('rm')) {
    const names = op.filters.map((f) => f.name);
    for (const f of op.filters) assert.equal(f.section, `000 ${table.section}`, `${op.id} ${f.name}`);
    if (!op.query.some((q) => q.name === 'filter')) {
      assert.deepEqual(names, [], op.id);
      continue;
    }
    const label = labelOf(op, byLabel.keys());
    const entry = label === undefined ? undefined : byLabel.get(label);
    assert.ok(label && entry, `${op.id} takes filter but no row of 000 ${table.section} names it`);
    used.add(label);
    // The rows' filters, and (where a rule reads "as above") only filters the table names elsewhere.
    if (entry.asAbove) {
      for (const n of entry.names) assert.ok(names.includes(n), `${op.id} lacks ${n}`);
      for (const n of names) assert.ok(everyName.has(n), `${op.id}: ${n} is in no row of 000 ${table.section}`);
    } else assert.deepEqual(names, entry.names, `${op.id} (${label})`);
  }
  assert.deepEqual(sorted(used), sorted(byLabel.keys()), `every row of 000 ${table.section} is used`);
});

void test('the circular-reference message is declared untestable', () => {
  const untestable = operation('learning.activities.put').untestable ?? [];
  assert.ok(untestable.some((u) => /circular reference/i.test(u.what)));
});

void test('unknown ids throw naming the id; what is returned is frozen', () => {
  assert.throws(() => operation('rm.nope.get'), /rm\.nope\.get/);
  const op = operation('rm.candidates.list');
  assert.ok(Object.isFrozen(op) && Object.isFrozen(op.responses) && Object.isFrozen(op.responses[0]));
  assert.ok(Object.isFrozen(catalogue()) && Object.isFrozen(catalogueFile('hr').operations));
  assert.equal(catalogueFile('rm').seedFile, SEED_FILES['000']);
  assert.equal(catalogueFile('hr').seedFile, SEED_FILES['001']);
  assert.equal(catalogueFile('learning').seedFile, SEED_FILES['001']);
});
