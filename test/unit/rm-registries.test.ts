/**
 * The RM registries the table tests of specs/rm/catalogue-rules.spec.ts read, checked against the
 * catalogue: an example body for every RM write (valid against the request schema its catalogue
 * entry names) and an id discovery for every path-parameter name; a write or a name without an
 * entry throws, naming the file to edit, instead of sending nothing or an unknown id.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { operation, operationsOf } from '../../contract/catalogue/index';
import type { OperationSpec } from '../../contract/catalogue/types';
import type { Target } from '../../src/config/target';
import type { ApiClient } from '../../src/http/client';
import { getSchema, validateAgainst } from '../../contract/schemas/registry';
import { EXAMPLE_BODIES, exampleBody, requestSchemaOf } from '../../specs/kit/rm-bodies';
import { discoveryOf, existingIds, ID_DISCOVERY, type DiscoveryContext } from '../../specs/kit/rm-discovery';

const rmOps = operationsOf('rm');
const writes = rmOps.filter((op) => op.requestBody !== undefined);
const paramNames = [...new Set(rmOps.flatMap((op) => op.pathParams.map((p) => p.name)))];

/** What the example bodies read of a target: the run id. */
const fakeTarget = {
  run: { runId: 'crunit01', allowDestructive: false },
  rm: { atsIntegrationId: 'i-1', atsCandidateId: 'c-1' },
} as unknown as Target;

/** A client that fails the test if anything sends through it. */
const noRequests = new Proxy(
  {},
  {
    get: (_, key) => {
      throw new Error(`no request may be sent here (ApiClient.${String(key)} was used)`);
    },
  },
) as ApiClient;

const context: DiscoveryContext = {
  rm: noRequests,
  target: fakeTarget,
  shared: () => Promise.reject(new Error('the shared records are not made here')),
};

test('the RM catalogue has writes and path parameters to check', () => {
  assert.ok(writes.length >= 6, `only ${writes.length} RM operations with a requestBody`);
  assert.ok(paramNames.length >= 10, `only ${paramNames.length} path-parameter names`);
});

test('every RM operation with a requestBody has an example body', () => {
  for (const op of writes) {
    assert.ok(Object.hasOwn(EXAMPLE_BODIES, op.id), `${op.id} has no entry in EXAMPLE_BODIES`);
    assert.notEqual(exampleBody(op, fakeTarget), undefined, `${op.id}: the example body is undefined`);
  }
});

test("every example body validates against the request schema of its operation's catalogue entry", () => {
  for (const op of writes) {
    const schema = op.requestBody?.schema ?? '';
    const { valid, errors } = validateAgainst(schema, exampleBody(op, fakeTarget));
    assert.ok(valid, `${op.id}: the example body breaks ${schema}: ${errors.map((e) => e.text).join('; ')}`);
  }
});

test('every entry of EXAMPLE_BODIES is an RM operation with a requestBody', () => {
  for (const id of Object.keys(EXAMPLE_BODIES)) {
    const op = operation(id);
    assert.equal(op.api, 'rm', `${id} is not an RM operation`);
    assert.ok(op.requestBody, `${id} takes no request body in the catalogue`);
  }
});

test('an operation without a requestBody has no example body (undefined)', () => {
  for (const op of rmOps.filter((o) => o.requestBody === undefined)) assert.equal(exampleBody(op, fakeTarget), undefined, op.id);
});

test('a write without an entry throws, naming the operation and the file to edit', () => {
  const unknown: OperationSpec = { ...operation('rm.candidates.create'), id: 'rm.no-such.create' };
  assert.throws(() => exampleBody(unknown, fakeTarget), /rm\.no-such\.create.*specs\/kit\/rm-bodies\.ts/);
  const bodiless: OperationSpec = { ...operation('rm.candidates.list'), id: 'rm.candidates.update' };
  assert.throws(() => exampleBody({ ...bodiless, requestBody: undefined }, fakeTarget), /rm\.candidates\.update.*rm-bodies\.ts/);
});

test("requestSchemaOf gives the catalogue's request schema of every write, relative to the schema base", () => {
  for (const op of writes) {
    const path = requestSchemaOf(op);
    assert.ok(!/^https?:/.test(path), `${op.id}: ${path} is not relative`);
    assert.equal(getSchema(path).$id, op.requestBody?.schema, op.id);
  }
  assert.throws(() => requestSchemaOf(operation('rm.candidates.list')), /rm\.candidates\.list has no requestBody/);
});

test('every path-parameter name of the RM catalogue has an id discovery', () => {
  for (const name of paramNames) assert.equal(typeof discoveryOf(name), 'function', name);
});

test('every entry of ID_DISCOVERY is a path-parameter name of the RM catalogue', () => {
  for (const name of Object.keys(ID_DISCOVERY)) assert.ok(paramNames.includes(name), `{${name}} is no path parameter of the RM catalogue`);
});

test('a path-parameter name without a discovery throws, naming it and the file to edit', async () => {
  assert.throws(() => discoveryOf('noSuchId'), /\{noSuchId\}.*specs\/kit\/rm-discovery\.ts/);
  const base = operation('rm.candidates.get');
  const op: OperationSpec = {
    ...base,
    id: 'rm.no-such.get',
    pathParams: [...base.pathParams, { ...base.pathParams[0]!, name: 'noSuchId' }],
  };
  // Before any request is sent (the client here refuses every use).
  await assert.rejects(existingIds(op, context), /\{noSuchId\} of rm\.no-such\.get.*rm-discovery\.ts/);
});

test('a discovery may find no record: the anonymisation ids are null unless destructive tests are allowed', async () => {
  const op = operation('rm.ats-candidates.anonymise');
  assert.deepEqual(await existingIds(op, context), { atsIntegrationId: null, candidateAtsId: null });
  const destructive = { ...fakeTarget, run: { ...fakeTarget.run, allowDestructive: true } } as Target;
  assert.deepEqual(await existingIds(op, { ...context, target: destructive }), { atsIntegrationId: 'i-1', candidateAtsId: 'c-1' });
});
