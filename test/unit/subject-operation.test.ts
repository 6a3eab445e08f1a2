/**
 * An observation's operation (src/reporting/subject-operation.ts): the one its observer named, else the
 * one its subject names by method and path; no word of a subject is guessed at.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseEvidence } from '../../src/reporting/evidence';
import { operationOfSubject } from '../../src/reporting/subject-operation';

test('a subject naming a method and a path names its operation; the most specific template wins', () => {
  assert.equal(operationOfSubject('GET /candidates/{candidateId}/tags'), 'rm.candidate-tags.list');
  assert.equal(operationOfSubject('DELETE /candidates/123/tags/9 404'), 'rm.candidate-tags.delete');
  assert.equal(operationOfSubject('GET /recruitment_events/past'), 'rm.recruitment-events.past');
});

test('a subject that names no path names no operation: no plural or word is guessed at', () => {
  assert.equal(operationOfSubject('POST candidate_files: wrong type'), null);
  assert.equal(operationOfSubject('PUT activity create (orgwide)'), null);
  assert.equal(operationOfSubject('rm 422'), null);
});

test('an observation reaches the reporters in the evidence of its test, with the operation its observer named', () => {
  const observation = { category: 'status', subject: 'PUT activity create', value: '201', operationId: 'learning.activities.put' };
  const evidence = parseEvidence(JSON.stringify({ exchanges: [], verdicts: [], records: { observations: [observation] } }));
  assert.equal(evidence?.records.observations[0]?.operationId, 'learning.activities.put');
  assert.deepEqual(evidence?.records.leftovers, []);
});
