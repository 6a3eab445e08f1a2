/** Hand-written conformance reports (schemaVersion 2) and failures for the release gate's unit tests. */
import type { Expectation, Expectations } from '../../src/gate/expectations';
import type { GateCell, GateFailure, GateReport, GateTest } from '../../src/gate/types';

export const SUITE = { name: 'api-conformance-suite', version: '0.1.0' };

export const T_TAGS_200 = 'rm > candidate tags > POST /candidates/{id}/tags answers 200';
export const T_TAGS_404 = 'rm > candidate tags > POST /candidates/{id}/tags answers 404 for an unknown candidate';
export const T_GET = 'rm > candidates > GET /candidates/{id} answers 200 with the candidate';
export const T_EMPLOYEE = 'hr > employee > PUT /employee/{id} answers 2xx';

export function failure(
  check: string,
  operationId: string | null,
  status: string | null,
  test: string,
  message = 'it failed',
): GateFailure {
  return {
    check,
    operationId,
    status,
    test,
    clause: { id: 'rm.status.x', seed: '000_6053abef4cebe6dd.txt', section: '000 §4', quote: `${check} sentence` },
    message,
  };
}

export function tests(outcomes: Record<string, GateTest['outcome']>): GateTest[] {
  return Object.entries(outcomes).map(([test, outcome]) => ({ test, project: test.split(' > ')[0] ?? '', outcome }));
}

/** A report: every operation below with the given cells (default: all passed). */
export function report(over: Partial<GateReport> & { cells?: Record<string, Record<string, GateCell>> } = {}): GateReport {
  const cells: Record<string, Record<string, GateCell>> = {
    'rm.candidate-tags.create': { '200': 'passed', '401': 'passed', '404': 'passed' },
    'rm.candidates.get': { '200': 'passed', '401': 'passed', '404': 'passed' },
    'hr.employee.put': { '2xx': 'passed', '4xx': 'passed' },
    ...over.cells,
  };
  const { cells: _cells, ...rest } = over;
  return {
    schemaVersion: 2,
    suite: SUITE,
    target: { rm: 'embedded', hr: 'embedded' },
    seed: 1,
    operations: Object.entries(cells).map(([id, statuses]) => ({
      api: id.startsWith('rm.') ? 'rm' : 'hr',
      id,
      method: id.endsWith('.get') ? 'GET' : id.startsWith('hr.') ? 'PUT' : 'POST',
      path: `/${id}`,
      statuses,
    })),
    failures: [],
    tests: tests({ [T_TAGS_200]: 'passed', [T_TAGS_404]: 'passed', [T_GET]: 'passed', [T_EMPLOYEE]: 'passed' }),
    observations: [],
    ...rest,
  };
}

export function expectation(index: number, over: Partial<Expectation> & Pick<Expectation, 'check' | 'operation'>): Expectation {
  return { index, reason: 'tags answer 201 until release 4.2', until: '2027-01-31', ...over };
}

export function expectations(...entries: Expectation[]): Expectations {
  return { path: 'conformance-expectations.json', entries };
}

export const stays = failure('status', 'rm.candidates.get', '404', T_GET, 'got 400');
export const vanishes = failure('schema', 'hr.employee.put', '2xx', T_EMPLOYEE, 'body.id missing');
export const appears = failure('status', 'rm.candidate-tags.create', '200', T_TAGS_200, 'expected 200, got 201');

/** Two runs for the diff: five cells, one failure each way and one observation differ. */
export const DIFF_A: GateReport = report({
  seed: 11,
  cells: {
    'rm.candidate-tags.create': { '200': 'passed', '401': 'skipped', '404': 'not-covered' },
    'rm.candidates.get': { '200': 'passed', '401': 'passed', '404': 'failed' },
    'hr.employee.put': { '2xx': 'failed', '4xx': 'passed' },
  },
  failures: [stays, vanishes],
  observations: [
    { category: 'status-of-write', subject: 'POST /candidates/{id}/tags', value: '200', count: 3 },
    { category: 'error-body', subject: 'GET /candidates/{id}', value: 'json:api errors', count: 2 },
    { category: 'page-size', subject: 'GET /candidates', value: '25', count: 1 },
  ],
});
export const DIFF_B: GateReport = report({
  seed: 12,
  cells: {
    'rm.candidate-tags.create': { '200': 'failed', '401': 'passed', '404': 'skipped' },
    'rm.candidates.get': { '200': 'passed', '401': 'not-covered', '404': 'failed' },
    'hr.employee.put': { '2xx': 'passed', '4xx': 'passed' },
  },
  failures: [stays, appears, { ...appears, message: 'the same key twice' }],
  observations: [
    { category: 'status-of-write', subject: 'POST /candidates/{id}/tags', value: '201', count: 3 },
    { category: 'error-body', subject: 'GET /candidates/{id}', value: 'json:api errors', count: 9 },
    { category: 'page-size', subject: 'GET /jobs', value: '10', count: 1 },
  ],
});
