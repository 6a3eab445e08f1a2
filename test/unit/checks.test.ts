/**
 * The check registry: every check cites clauses that exist, the vocabulary is derived from it, and a
 * failure names its check and quotes its clause.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CLAUSES } from '../../src/clauses';
import { CHECK_LIST, CHECK_NAMES, CheckError, asCited, checksInMessage, clausesInMessage, CHECKS } from '../../src/checks';

test('every citation of every check is a clause id, or a prefix that matches at least one clause', () => {
  const ids = Object.keys(CLAUSES);
  const dangling: string[] = [];
  for (const check of CHECK_LIST) {
    for (const c of check.cites) {
      const ok = c.endsWith('.') ? ids.some((id) => id.startsWith(c)) : ids.includes(c);
      if (!ok) dangling.push(`${check.name}: ${c}`);
    }
  }
  assert.deepEqual(dangling, []);
});

test('the vocabulary of check names is the registry, one file each', () => {
  assert.deepEqual(Object.keys(CHECK_NAMES).sort(), CHECK_LIST.map((c) => c.name).sort());
  assert.equal(new Set(CHECK_LIST.map((c) => c.name)).size, CHECK_LIST.length);
});

test('a failure names its check and quotes its clause word for word', () => {
  const error = new CheckError('auth-enforced', 'rm.auth.401', 'GET /candidates -> 200 without credentials, expected 401');
  assert.deepEqual(checksInMessage(error.message), ['auth-enforced']);
  assert.deepEqual(clausesInMessage(error.message), ['rm.auth.401']);
  assert.ok(error.message.includes(CLAUSES['rm.auth.401'].quote));
  assert.ok(error.message.includes('000_6053abef4cebe6dd.txt'));
});

test('a clause read from data must be one the check cites', () => {
  assert.equal(asCited(CHECKS.membership, 'rm.state.list-add'), 'rm.state.list-add');
  assert.throws(() => asCited(CHECKS.membership, 'rm.auth.401'), /does not cite/);
  assert.throws(() => asCited(CHECKS.membership, 'rm.no.such.clause'), /unknown clause/);
});
