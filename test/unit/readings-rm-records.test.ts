/**
 * The RM record readings that the schemas judge (src/readings/entries/rm-records.ts, judgedBy
 * 'schema') state exactly what the schemas accept: on every example of every reading, the schema
 * accepts the value exactly when some reading of the entry holds.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  RM_ATTRIBUTE_VALUE,
  RM_DATETIME,
  RM_DOCUMENT_FORM,
  RM_EVENT_KIND,
  RM_MESSAGE_CONTENTS,
  RM_RELATIONSHIP_VALUE,
  RM_RESOURCE_ID,
  RM_RESOURCE_TYPE,
  type AttributeKind,
  type TypeShown,
} from '../../src/readings/entries/rm-records';
import type { ReadingsEntry } from '../../src/readings';
import { SCHEMA_BASE, validateAgainst } from '../../contract/schemas/registry';

const valid = (schema: string, value: unknown): boolean => validateAgainst(`${SCHEMA_BASE}rm/${schema}`, value).valid;

/** Every example of `entry`, each with whether some reading holds on it. */
function examples<I>(entry: ReadingsEntry<I>): { input: I; held: boolean }[] {
  const inputs = entry.readings.flatMap((r) => [...r.shows, ...r.not]);
  return inputs.map((input) => ({ input, held: entry.readings.some((r) => r.holds(input)) }));
}

/** The schema's verdict on each example (null: not in the schema's domain) equals whether a reading holds. */
function agrees<I>(entry: ReadingsEntry<I>, verdict: (input: I) => boolean | null): void {
  let judged = 0;
  for (const { input, held } of examples(entry)) {
    const ok = verdict(input);
    if (ok === null) continue;
    judged += 1;
    assert.equal(ok, held, `${entry.id}: the schema ${ok ? 'accepts' : 'refuses'} ${JSON.stringify(input)}, readings held: ${held}`);
  }
  assert.ok(judged > 0, `${entry.id}: no example judged`);
}

const resource = (type: string, attributes: Record<string, unknown> = {}, id: unknown = '1') => ({ id, type, attributes });

test('D1 rm.attribute.value: candidate.json (list.json for an integer) accepts exactly a typed, null or absent value', () => {
  const where: Record<AttributeKind, { schema: string; type: string; name: string }> = {
    string: { schema: 'candidate.json', type: 'candidates', name: 'first_name' },
    number: { schema: 'candidate.json', type: 'candidates', name: 'visit_count' },
    integer: { schema: 'list.json', type: 'company_lists', name: 'count' },
    boolean: { schema: 'candidate.json', type: 'candidates', name: 'internal_candidate' },
    'string-array': { schema: 'candidate.json', type: 'candidates', name: 'skills' },
    object: { schema: 'candidate.json', type: 'candidates', name: 'links' },
    datetime: { schema: 'candidate.json', type: 'candidates', name: 'created_at' },
  };
  agrees(RM_ATTRIBUTE_VALUE, (s) => {
    const w = where[s.kind];
    return valid(w.schema, resource(w.type, s.present ? { [w.name]: s.value } : {}));
  });
});

test('D2 rm.resource.id: resource.json accepts exactly a string or an integer id', () => {
  agrees(RM_RESOURCE_ID, (s) => valid('resource.json', resource('candidates', {}, s.id)));
});

test('D3 rm.relationship.value: relationship.json accepts exactly the six forms (absent: no member to judge)', () => {
  agrees(RM_RELATIONSHIP_VALUE, (s) => (s.present && s.value !== undefined ? valid('relationship.json', s.value) : null));
});

test('D5 rm.datetime.fields: datetime.json accepts exactly the three readings', () => {
  agrees(RM_DATETIME, (v) => valid('datetime.json', v));
});

test('D7 rm.resource.type: education.json and job-alert-subscription.json accept exactly the readings of their names', () => {
  const schemaOf = (s: TypeShown): string | null =>
    s.table === 'educations' ? 'education.json' : s.table === 'candidate_job_alert_subscriptions' ? 'job-alert-subscription.json' : null;
  agrees(RM_RESOURCE_TYPE, (s) => {
    const schema = schemaOf(s);
    return schema === null ? null : valid(schema, resource(s.type));
  });
});

test('D8 rm.event.kind: candidate-event.json accepts exactly a listed or another string kind', () => {
  agrees(RM_EVENT_KIND, (s) => valid('candidate-event.json', resource('candidate_events', { kind: s.kind })));
});

test('D11 rm.document.form: the candidate read and list schemas accept exactly the three forms', () => {
  agrees(RM_DOCUMENT_FORM, (v) => {
    const list = Array.isArray(v) || (typeof v === 'object' && v !== null && Array.isArray((v as { data?: unknown }).data));
    return valid(list ? 'candidates-list.json' : 'candidate-document.json', v);
  });
});

test('D52 rm.message.contents: message.json accepts exactly absent or null contents on a message that is not an SMS', () => {
  agrees(RM_MESSAGE_CONTENTS, (s) =>
    valid('message.json', resource('messages', s.present ? { kind: s.kind, contents: s.contents } : { kind: s.kind })),
  );
});
