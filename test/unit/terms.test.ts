/**
 * The terms of the documents (contract/terms.ts) are the documents' own words: every learning message
 * is a cell of the message table of 001 §7, every row of that table has its message, and the
 * scope is the one 001 §5 names.
 */
import assert from 'node:assert/strict';
import * as terms from '../../contract/terms';
import { docTest, seedText } from './documents';

/** Seed 001, read inside a test that needs it (docTest skips it when the documents are absent). */
let text001: string | undefined;
const seed001 = (): string => (text001 ??= seedText('001'));

/** The text of part N ("## N. ...") of seed 001 up to the next part. */
function part(n: number): string {
  const seed001Text = seed001();
  const start = seed001Text.indexOf(`\n## ${n}.`);
  assert.ok(start >= 0, `no part ${n}`);
  const end = seed001Text.indexOf('\n## ', start + 1);
  return seed001Text.slice(start, end < 0 ? undefined : end);
}

/** The Message column of the table under "Learning validation messages" in 001 §7. */
function messageColumn(): string[] {
  const errors = part(7);
  const from = errors.indexOf('Learning validation messages');
  assert.ok(from >= 0, 'no "Learning validation messages" in 001 §7');
  const rows = errors
    .slice(from)
    .split('\n')
    .filter((line) => line.startsWith('|'));
  return rows.slice(2).map((row) => row.split('|')[1].trim());
}

docTest('every learning message of contract/terms.ts is, word for word, a message of 001 §7', () => {
  const column = new Set(messageColumn());
  const messages = Object.entries(terms.LEARNING_MESSAGES);
  assert.ok(messages.length > 0);
  for (const [key, text] of messages) {
    assert.ok(seed001().includes(text), `${key}: "${text}" is not in seed 001`);
    assert.ok(column.has(text), `${key}: "${text}" is not a message of the 001 §7 table`);
  }
});

docTest('every message of the 001 §7 table is in contract/terms.ts, once', () => {
  const values = Object.values(terms.LEARNING_MESSAGES) as string[];
  assert.deepEqual([...values].sort(), [...new Set(values)].sort(), 'a message is there twice');
  assert.deepEqual([...messageColumn()].sort(), [...values].sort());
});

docTest('the HR write scope is the scope 001 §5 names, word for word', () => {
  assert.ok(seed001().includes(terms.HR_WRITE_SCOPE));
  assert.ok(part(5).includes(`must ask for the scope \`${terms.HR_WRITE_SCOPE}\``), `001 §5 does not name ${terms.HR_WRITE_SCOPE}`);
});

docTest('every exported string of contract/terms.ts is checked against the seed, save the decided provider name', () => {
  const checked = new Set<unknown>([terms.HR_WRITE_SCOPE, ...Object.values(terms.LEARNING_MESSAGES)]);
  const strings = Object.entries(terms).filter(([, value]) => typeof value === 'string');
  const unchecked = strings.filter(([name, value]) => !checked.has(value) && name !== 'LEARNING_PROVIDER_FIELD').map(([name]) => name);
  assert.deepEqual(unchecked, [], 'a new term needs its quote check here');
  // LEARNING_PROVIDER_FIELD is a decision (schemas/DECISIONS.md D26), not a quote: 001 §2 gives the row no name.
  assert.equal(seed001().includes('`provider`'), false);
});

docTest('the event kinds are the list 000 §2 gives the kind filter, in its order', () => {
  const row = seedText('000')
    .split('\n')
    .find((line) => line.startsWith('| kind | string; values accepted by the `kind` filter:'));
  assert.ok(row, 'no kind row in 000 §2');
  const listed = row
    .split(':')[1]
    .split('|')[0]
    .split(',')
    .map((kind) => kind.trim());
  assert.deepEqual([...terms.EVENT_KINDS], listed);
});

docTest('a sentence that is not in the table is caught (the test can fail)', () => {
  const column = new Set(messageColumn());
  assert.equal(column.has('Cannot change access level from orgwide'), false);
  assert.equal(column.has(terms.LEARNING_MESSAGES.fromOrgwide), true);
});
