/**
 * The RM faults written blind from 000 (servers/reference/rm/faults.ts, block "Faults written blind from
 * 000") are wired: for each, one short request sequence against the reference server with that
 * fault and against one without it (each a fresh server), and the answers differ the way the
 * fault's description says.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { EMBEDDED, embeddedUrls } from '../../contract/identity/embedded';
import { Behaviour } from '../../servers/reference/behaviour';
import type { RmFaultName } from '../../servers/reference/rm/faults';
import { RM_FAULTS } from '../../servers/reference/rm/faults';
import { startReferenceServer } from '../../servers/reference/server';

const AUTH = `Basic ${Buffer.from(`${EMBEDDED.rm.apiKey}:${EMBEDDED.rm.apiSecret}`).toString('base64')}`;
const JSONAPI = 'application/vnd.api+json';
const LIST = EMBEDDED.rm.listId;
/** Fixture ids: the first candidates (10001 has events of an ATS, 10002 a lifecycle event and two tags), a job, an application. */
const C1 = '10001';
const C2 = '10002';
const C3 = '10003';
const JOB = 'job-000001';
const APPLICATION = 'ja-000001';

interface Res {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: unknown }>;
}
interface Doc {
  data?: Res | Res[] | null;
  included?: Res[];
  meta?: Record<string, unknown>;
}
interface Answer {
  status: number;
  text: string;
  json: unknown;
}

class Rm {
  constructor(private readonly base: string) {}

  async call(method: string, path: string, options: { body?: unknown; headers?: Record<string, string>; auth?: string | null } = {}) {
    const headers: Record<string, string> = { ...(options.auth === null ? {} : { authorization: options.auth ?? AUTH }) };
    if (options.body !== undefined) headers['content-type'] = JSONAPI;
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: { ...headers, ...options.headers },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = text === '' ? undefined : (JSON.parse(text) as unknown);
    } catch {
      json = undefined;
    }
    return { status: res.status, text, json } satisfies Answer;
  }

  get(path: string, headers?: Record<string, string>): Promise<Answer> {
    return this.call('GET', path, headers ? { headers } : {});
  }

  send(method: string, path: string, body?: unknown): Promise<Answer> {
    return this.call(method, path, { body });
  }

  status = async (path: string): Promise<number> => (await this.get(path)).status;

  /** The primary records of a list answer. */
  async list(path: string): Promise<Res[]> {
    const answer = await this.get(path);
    assert.equal(answer.status, 200, `${path}: ${answer.text}`);
    return (answer.json as Doc).data as Res[];
  }

  /** The primary record of a single answer. */
  async one(path: string): Promise<Res> {
    const answer = await this.get(path);
    assert.equal(answer.status, 200, `${path}: ${answer.text}`);
    return (answer.json as Doc).data as Res;
  }

  async included(path: string): Promise<Res[]> {
    const answer = await this.get(path);
    assert.equal(answer.status, 200, `${path}: ${answer.text}`);
    return (answer.json as Doc).included ?? [];
  }

  async create(attributes: Record<string, unknown> = {}): Promise<Res> {
    const email = `blind-${randomUUID().slice(0, 8)}@example.com`;
    const answer = await this.send('POST', '/candidates', { data: { type: 'candidates', attributes: { email, ...attributes } } });
    assert.equal(answer.status, 201, answer.text);
    return (answer.json as { data: Res }).data;
  }
}

const refs = (r: Res, name: string): Array<{ id?: string; type?: string }> => {
  const data = r.relationships?.[name]?.data;
  return Array.isArray(data) ? (data as Array<{ id?: string; type?: string }>) : data ? [data as { id?: string; type?: string }] : [];
};
const types = (records: Res[]): string[] => [...new Set(records.map((r) => r.type))].sort();
const typeOf = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const basic = (key: string, secret: string): string => `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;
const education = { data: { type: 'educations', attributes: { school: { name: 'TU Delft' }, course: 'Logistics' } } };
const file = (attributes: Record<string, unknown>) => ({ data: { type: 'candidate_files', attributes } });

interface Case {
  fault: RmFaultName;
  probe: (rm: Rm) => Promise<unknown>;
  /** What the server answers without the fault, and with it (deepEqual), or a check of both. */
  clean?: unknown;
  faulty?: unknown;
  expect?: (clean: unknown, faulty: unknown) => void;
}
const c = (x: Case): Case => x;

/** The events of C1, and the first fixture job. */
const c1Events = (rm: Rm) => rm.list(`/candidates/${C1}/events`);
const job = (rm: Rm) => rm.one(`/jobs/${JOB}`);

const CASES: Case[] = [
  // §5 Credentials
  c({
    fault: 'rm.auth.not-enforced-on-job-get',
    probe: async (rm) => (await rm.call('GET', `/jobs/${JOB}`, { auth: null })).status,
    clean: 401,
    faulty: 200,
  }),
  c({
    fault: 'rm.auth.empty-secret-accepted',
    probe: async (rm) => (await rm.call('GET', '/candidates?page=1&per_page=1', { auth: basic(EMBEDDED.rm.apiKey, '') })).status,
    clean: 401,
    faulty: 200,
  }),
  c({
    fault: 'rm.auth.date-header-iso-only',
    probe: async (rm) => [
      (await rm.get('/lists', { date: new Date().toUTCString() })).status,
      (await rm.get('/lists', { 'x-hmac-date': new Date().toISOString() })).status,
    ],
    clean: [200, 200],
    faulty: [401, 200],
  }),
  // §4 Operations: candidates
  c({
    fault: 'rm.candidates.get.archived-404',
    probe: (rm) => rm.status(`/candidates/${EMBEDDED.rm.archivedCandidateId}`),
    clean: 200,
    faulty: 404,
  }),
  c({
    fault: 'rm.candidates.get.non-numeric-id-400',
    probe: async (rm) => [await rm.status('/candidates/no-such-candidate'), await rm.status('/candidates/99999999')],
    clean: [404, 404],
    faulty: [400, 404],
  }),
  c({
    fault: 'rm.server-error.candidate-without-phone',
    probe: async (rm) => {
      const withPhone = await rm.create({ phone_number: '+1 555 0100' });
      const without = await rm.create();
      return [await rm.status(`/candidates/${withPhone.id}`), await rm.status(`/candidates/${without.id}`)];
    },
    clean: [200, 200],
    faulty: [200, 500],
  }),
  c({
    fault: 'rm.candidates.update.unknown-200',
    probe: async (rm) =>
      (await rm.send('PATCH', '/candidates/99999999', { data: { type: 'candidates', attributes: { first_name: 'X' } } })).status,
    clean: 404,
    faulty: 200,
  }),
  c({
    fault: 'rm.candidates.update.skills-appended',
    probe: async (rm) => {
      await rm.send('PATCH', `/candidates/${C1}`, { data: { type: 'candidates', attributes: { skills: ['Rust', 'Go'] } } });
      return (await rm.one(`/candidates/${C1}`)).attributes.skills;
    },
    expect: (clean, faulty) => {
      assert.deepEqual(clean, ['Rust', 'Go']);
      assert.ok(Array.isArray(faulty) && faulty.length > 2 && faulty.includes('Rust'), String(faulty));
    },
  }),
  c({
    fault: 'rm.candidates.update.empty-attributes-422',
    probe: async (rm) => [
      (await rm.send('PATCH', `/candidates/${C1}`, { data: { type: 'candidates' } })).status,
      (await rm.send('PATCH', `/candidates/${C1}`, { data: { type: 'candidates', attributes: { first_name: 'Amara' } } })).status,
    ],
    clean: [200, 200],
    faulty: [422, 200],
  }),
  c({
    fault: 'rm.schema.uid-per-second',
    probe: async (rm) => new Set([await rm.create(), await rm.create(), await rm.create()].map((r) => r.attributes.uid)).size,
    expect: (clean, faulty) => {
      assert.equal(clean, 3);
      assert.ok(Number(faulty) < 3, `three candidates created within a second share a uid: ${String(faulty)} distinct`);
    },
  }),
  // §4 Operations: tags, files, educations, employments, job alert subscriptions
  c({ fault: 'rm.tags.list.unknown-candidate-200', probe: (rm) => rm.status('/candidates/99999999/tags'), clean: 404, faulty: 200 }),
  c({
    fault: 'rm.tags.create.status-201',
    probe: async (rm) =>
      (await rm.send('POST', `/candidates/${C1}/tags`, { data: { type: 'tags', attributes: { name: 'blind' } } })).status,
    clean: 200,
    faulty: 201,
  }),
  c({
    fault: 'rm.tags.delete.any-candidate',
    probe: async (rm) => {
      const other = (await rm.list(`/candidates/${C2}/tags`))[0]!;
      const status = (await rm.send('DELETE', `/candidates/${C1}/tags/${other.id}`)).status;
      return [status, (await rm.list(`/candidates/${C2}/tags`)).some((t) => t.id === other.id)];
    },
    clean: [404, true],
    faulty: [200, false],
  }),
  c({
    fault: 'rm.tags.delete.tags-attribute-stale',
    probe: async (rm) => {
      const tag = (await rm.list(`/candidates/${C2}/tags`))[0]!;
      assert.equal((await rm.send('DELETE', `/candidates/${C2}/tags/${tag.id}`)).status, 200);
      return ((await rm.one(`/candidates/${C2}`)).attributes.tags as string[]).includes(String(tag.attributes.name));
    },
    clean: false,
    faulty: true,
  }),
  c({
    fault: 'rm.server-error.tags-body-json-only',
    probe: async (rm) => [
      (await rm.send('POST', `/candidates/${C1}/tags`, { data: { type: 'tags', attributes: { name: 'vnd' } } })).status,
      (
        await rm.call('POST', `/candidates/${C1}/tags`, {
          body: { data: { type: 'tags', attributes: { name: 'json' } } },
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ],
    clean: [200, 200],
    faulty: [500, 200],
  }),
  c({
    fault: 'rm.candidate-files.create.unknown-candidate-201',
    probe: async (rm) =>
      (await rm.send('POST', '/candidates/99999999/candidate_files', file({ filename: 'cv.txt', content: 'aGVsbG8=' }))).status,
    clean: 404,
    faulty: 201,
  }),
  c({
    fault: 'rm.candidate-files.create.filename-optional',
    probe: async (rm) => (await rm.send('POST', `/candidates/${C1}/candidate_files`, file({ content: 'aGVsbG8=' }))).status,
    clean: 422,
    faulty: 201,
  }),
  c({
    fault: 'rm.educations.list.unknown-candidate-200',
    probe: (rm) => rm.status('/candidates/99999999/educations'),
    clean: 404,
    faulty: 200,
  }),
  c({
    fault: 'rm.educations.get.created-404',
    probe: async (rm) => {
      const created = (await rm.send('POST', `/candidates/${C1}/educations`, education)).json as { data: Res };
      const fixture = refs(await rm.one(`/candidates/${C2}`), 'educations')[0]!;
      return [
        await rm.status(`/candidates/${C1}/educations/${created.data.id}`),
        await rm.status(`/candidates/${C2}/educations/${fixture.id}`),
      ];
    },
    clean: [200, 200],
    faulty: [404, 200],
  }),
  c({
    fault: 'rm.educations.create.whitespace-school-accepted',
    probe: async (rm) =>
      (await rm.send('POST', `/candidates/${C1}/educations`, { data: { type: 'educations', attributes: { school: { name: '   ' } } } }))
        .status,
    clean: 422,
    faulty: 201,
  }),
  c({
    fault: 'rm.employments.list.unknown-candidate-200',
    probe: (rm) => rm.status('/candidates/99999999/employments'),
    clean: 404,
    faulty: 200,
  }),
  c({
    fault: 'rm.employments.get.any-candidate',
    probe: async (rm) => {
      const other = refs(await rm.one(`/candidates/${C2}`), 'employments')[0]!;
      return rm.status(`/candidates/${C1}/employments/${other.id}`);
    },
    clean: 404,
    faulty: 200,
  }),
  c({
    fault: 'rm.employments.create.whitespace-company-accepted',
    probe: async (rm) =>
      (await rm.send('POST', `/candidates/${C1}/employments`, { data: { type: 'employments', attributes: { company: { name: ' ' } } } }))
        .status,
    clean: 422,
    faulty: 201,
  }),
  c({
    fault: 'rm.employments.create.refused-still-created',
    probe: async (rm) => {
      const before = (await rm.list(`/candidates/${C1}/employments?page=1&per_page=100`)).length;
      const status = (
        await rm.send('POST', `/candidates/${C1}/employments`, { data: { type: 'employments', attributes: { company: { name: '' } } } })
      ).status;
      return [status, (await rm.list(`/candidates/${C1}/employments?page=1&per_page=100`)).length - before];
    },
    clean: [422, 0],
    faulty: [422, 1],
  }),
  c({
    fault: 'rm.job-alert-subscriptions.unknown-candidate-200',
    probe: (rm) => rm.status('/candidates/99999999/job_alert_subscriptions'),
    clean: 404,
    faulty: 200,
  }),
  // §4 Operations: events, messages, ATS anonymisation
  c({
    fault: 'rm.candidate-events.unknown-candidate-200',
    probe: (rm) => rm.status('/candidates/99999999/events'),
    clean: 404,
    faulty: 200,
  }),
  c({
    fault: 'rm.json-body.events-ndjson',
    probe: async (rm) => {
      const answer = await rm.get(`/candidates/${C1}/events`);
      return [answer.status, answer.json !== undefined];
    },
    clean: [200, true],
    faulty: [200, false],
  }),
  c({
    fault: 'rm.server-error.events-id-cast',
    probe: async (rm) => [await rm.status('/candidates/no-such-candidate/events'), await rm.status('/candidates/99999999/events')],
    clean: [404, 404],
    faulty: [500, 404],
  }),
  c({
    fault: 'rm.candidate-messages.unknown-candidate-200',
    probe: (rm) => rm.status('/candidates/99999999/messages'),
    clean: 404,
    faulty: 200,
  }),
  c({
    fault: 'rm.job-application-events.unknown-200',
    probe: (rm) => rm.status('/job_applications/no-such-application/events'),
    clean: 404,
    faulty: 200,
  }),
  c({
    fault: 'rm.ats.anonymise.any-integration',
    probe: async (rm) => (await rm.send('DELETE', `/ats_integrations/${randomUUID()}/candidates/${EMBEDDED.rm.atsCandidateId}`)).status,
    clean: 404,
    faulty: 202,
  }),
  c({
    fault: 'rm.ats.anonymise.status-204',
    probe: async (rm) => {
      const answer = await rm.send('DELETE', `/ats_integrations/${EMBEDDED.rm.atsIntegrationId}/candidates/${EMBEDDED.rm.atsCandidateId}`);
      const anonymised = await rm.list('/candidates?filter[anonymised]=true&page=1&per_page=100');
      return [answer.status, answer.text === '', anonymised.some((r) => r.id === '10072')];
    },
    clean: [202, false, true],
    faulty: [204, true, true],
  }),
  // §3, §4 Operations: static lists
  c({
    fault: 'rm.lists.add.unknown-list-201',
    probe: async (rm) => (await rm.send('PUT', `/lists/no-such-list/candidates/${C1}`)).status,
    clean: 404,
    faulty: 201,
  }),
  c({
    fault: 'rm.lists.remove.unknown-candidate-204',
    probe: async (rm) => (await rm.send('DELETE', `/lists/${LIST}/candidates/99999999`)).status,
    clean: 404,
    faulty: 204,
  }),
  c({
    fault: 'rm.lists.readd.toggles',
    probe: async (rm) => {
      const cand = await rm.create();
      const statuses = [
        (await rm.send('PUT', `/lists/${LIST}/candidates/${cand.id}`)).status,
        (await rm.send('PUT', `/lists/${LIST}/candidates/${cand.id}`)).status,
      ];
      return [...statuses, refs(await rm.one(`/candidates/${cand.id}`), 'lists').some((l) => l.id === LIST)];
    },
    clean: [201, 200, true],
    faulty: [201, 200, false],
  }),
  c({
    fault: 'rm.lists.count-counts-readd',
    probe: async (rm) => {
      const count = async () => Number((await rm.list('/lists')).find((l) => l.id === LIST)?.attributes.count);
      const before = await count();
      const cand = await rm.create();
      await rm.send('PUT', `/lists/${LIST}/candidates/${cand.id}`);
      await rm.send('PUT', `/lists/${LIST}/candidates/${cand.id}`);
      return (await count()) - before;
    },
    clean: 1,
    faulty: 2,
  }),
  c({
    fault: 'rm.lists.candidate-rel-stale',
    probe: async (rm) => {
      const cand = await rm.create();
      const status = (await rm.send('PUT', `/lists/${LIST}/candidates/${cand.id}`)).status;
      return [status, refs(await rm.one(`/candidates/${cand.id}`), 'lists').some((l) => l.id === LIST)];
    },
    clean: [201, true],
    faulty: [201, false],
  }),
  c({
    fault: 'rm.lists.list.page-params-400',
    probe: async (rm) => [await rm.status('/lists?page=1&per_page=2'), await rm.status('/lists')],
    clean: [200, 200],
    faulty: [400, 200],
  }),
  // §1, §4 Operations: recruitment events and jobs
  c({
    fault: 'rm.recruitment-events.get.missing-200',
    probe: (rm) => rm.status('/recruitment_events/no-such-event'),
    clean: 404,
    faulty: 200,
  }),
  c({
    fault: 'rm.recruitment-events.in-progress-hyphen',
    probe: (rm) => rm.status('/recruitment_events/in_progress'),
    clean: 200,
    faulty: 404,
  }),
  c({
    fault: 'rm.recruitment-events.past.include-400',
    probe: async (rm) => [await rm.status('/recruitment_events/past?include=call_to_actions'), await rm.status('/recruitment_events/past')],
    clean: [200, 200],
    faulty: [400, 200],
  }),
  c({
    fault: 'rm.recruitment-events.upcoming.nested-include-400',
    probe: async (rm) => [
      await rm.status('/recruitment_events/upcoming?include=call_to_action.form_fields'),
      await rm.status('/recruitment_events/upcoming?include=call_to_actions'),
    ],
    clean: [200, 200],
    faulty: [400, 200],
  }),
  c({
    fault: 'rm.recruitment-events.archived.include-500',
    probe: async (rm) => [
      await rm.status('/recruitment_events/archived?include=call_to_actions'),
      await rm.status('/recruitment_events/archived'),
    ],
    clean: [200, 200],
    faulty: [500, 200],
  }),
  c({
    fault: 'rm.recruitment-events.upcoming-includes-in-progress',
    probe: async (rm) => {
      const upcoming = new Set((await rm.list('/recruitment_events/upcoming')).map((r) => r.id));
      return (await rm.list('/recruitment_events/in_progress')).filter((r) => upcoming.has(r.id)).length;
    },
    expect: (clean, faulty) => {
      assert.equal(clean, 0);
      assert.ok(Number(faulty) > 0);
    },
  }),
  c({
    fault: 'rm.jobs.get.include-400',
    probe: async (rm) => [await rm.status(`/jobs/${JOB}?include=categories`), await rm.status(`/jobs/${JOB}`)],
    clean: [200, 200],
    faulty: [400, 200],
  }),
  c({
    fault: 'rm.jobs.search-includes-drafts',
    probe: async (rm) => (await rm.list(`/jobs?filter[q][eq]=${encodeURIComponent('Head of Finance')}`)).map((j) => j.attributes.status),
    clean: [],
    faulty: ['draft'],
  }),
  c({
    fault: 'rm.jobs.search-title-only',
    probe: async (rm) => [(await rm.list('/jobs?filter[q][eq]=REQ-2001')).length, (await rm.list('/jobs?filter[q][eq]=Rotterdam')).length],
    clean: [1, 1],
    faulty: [0, 0],
  }),
  // §4 Common query parameters: pagination, cursor, filter cap
  c({
    fault: 'rm.pagination.per-page-plus-one',
    probe: async (rm) => (await rm.list('/candidates?page=1&per_page=5')).length,
    clean: 5,
    faulty: 6,
  }),
  c({
    fault: 'rm.pagination.last-page-short',
    probe: async (rm) => {
      const doc = (await rm.get('/candidates?page=1&per_page=100')).json as Doc;
      return (doc.data as Res[]).length - Number(doc.meta?.total_count);
    },
    clean: 0,
    faulty: -1,
  }),
  c({
    fault: 'rm.cursor.number',
    probe: async (rm) => typeOf(((await rm.get('/candidates?per_page=10')).json as Doc).meta?.next_cursor),
    clean: 'string',
    faulty: 'number',
  }),
  c({
    fault: 'rm.cursor.filter-dropped',
    probe: async (rm) => {
      const states = new Set<unknown>();
      let cursor: unknown = null;
      for (let i = 0; i < 100; i += 1) {
        const doc = (await rm.get(`/candidates?filter[archived]=true&per_page=3${cursor === null ? '' : `&cursor=${String(cursor)}`}`))
          .json as Doc;
        for (const r of doc.data as Res[]) states.add(r.attributes.archived_status);
        cursor = doc.meta?.next_cursor ?? null;
        if (typeof cursor !== 'string' || cursor === '') break;
      }
      return [...states].sort();
    },
    clean: ['archived'],
    faulty: ['archived', 'unarchived'],
  }),
  c({
    fault: 'rm.filter-cap.inclusive',
    probe: async (rm) => [
      await rm.status('/candidates?filter[archived]=false&page=100&per_page=100'),
      await rm.status('/candidates?filter[archived]=false&page=101&per_page=100'),
    ],
    clean: [200, 400],
    faulty: [400, 400],
  }),
  c({
    fault: 'rm.filter-cap.updated-at-only',
    probe: async (rm) => [
      await rm.status('/candidates?filter[archived]=false&page=101&per_page=100'),
      await rm.status('/candidates?filter[updated_at][gte]=2020-01-01T00:00:00Z&page=101&per_page=100'),
    ],
    clean: [400, 400],
    faulty: [200, 400],
  }),
  // §4 Filters
  c({
    fault: 'rm.filter.brackets-encoded-ignored',
    probe: async (rm) => [
      ...new Set((await rm.list('/candidates?filter%5Barchived%5D=true&page=1&per_page=100')).map((r) => r.attributes.archived_status)),
      ...new Set((await rm.list('/candidates?filter[archived]=true&page=1&per_page=100')).map((r) => r.attributes.archived_status)),
    ],
    clean: ['archived', 'archived'],
    faulty: ['unarchived', 'archived'],
  }),
  c({
    fault: 'rm.filter.updated-at-lt-truncates-ms',
    probe: async (rm) => {
      const x = (await rm.list('/candidates?page=1&per_page=100')).find(
        (r) => !String((r.attributes.updated_at as { utc: string }).utc).includes('.000'),
      )!;
      const bound = new Date(Date.parse((x.attributes.updated_at as { utc: string }).utc) + 1).toISOString();
      return (
        await rm.list(`/candidates?filter[updated_at][lt]=${bound}&filter[email][eq]=${encodeURIComponent(String(x.attributes.email))}`)
      ).length;
    },
    clean: 1,
    faulty: 0,
  }),
  c({
    fault: 'rm.filter.updated-at-combined-lt-ignored',
    probe: async (rm) => {
      const all = await rm.list('/candidates?page=1&per_page=100');
      const times = all.map((r) => Date.parse((r.attributes.updated_at as { utc: string }).utc)).sort((a, b) => a - b);
      const at = times[0]!;
      const q = `filter[updated_at][gte]=${new Date(at).toISOString()}&filter[updated_at][lt]=${new Date(at + 1).toISOString()}`;
      return (await rm.list(`/candidates?${q}&page=1&per_page=100`)).length;
    },
    expect: (clean, faulty) => {
      assert.equal(clean, 1);
      assert.ok(Number(faulty) > 1);
    },
  }),
  c({
    fault: 'rm.filter.email-plus-as-space',
    probe: async (rm) => {
      const email = `blind+${randomUUID().slice(0, 6)}@example.com`;
      assert.equal((await rm.send('POST', '/candidates', { data: { type: 'candidates', attributes: { email } } })).status, 201);
      return (await rm.list(`/candidates?filter[email][eq]=${encodeURIComponent(email)}`)).length;
    },
    clean: 1,
    faulty: 0,
  }),
  c({
    fault: 'rm.filter.archived-false-truthy',
    probe: async (rm) => [
      ...new Set((await rm.list('/candidates?filter[archived]=false&page=1&per_page=100')).map((r) => r.attributes.archived_status)),
    ],
    clean: ['unarchived'],
    faulty: ['archived'],
  }),
  c({
    fault: 'rm.filter.anonymised-true-ignored',
    probe: async (rm) => [
      ...new Set(
        (await rm.list('/candidates?filter[anonymised]=true&page=1&per_page=100')).map((r) => r.attributes.first_name === 'Anonymised'),
      ),
    ],
    clean: [true],
    faulty: [false],
  }),
  c({
    fault: 'rm.filter.ats-candidates-any-event',
    probe: async (rm) => [
      (await rm.list('/candidates?filter[ats_candidates][exists]=true&page=1&per_page=100')).length,
      (await rm.list('/candidates?page=1&per_page=100')).length,
    ],
    expect: (clean, faulty) => {
      const [cleanTrue, all] = clean as number[];
      const [faultyTrue] = faulty as number[];
      assert.ok(cleanTrue! < all!, 'without the fault only the candidates with ATS status events');
      assert.equal(faultyTrue, all, 'with it every candidate with any event');
    },
  }),
  c({
    fault: 'rm.filter.event-kind-substring',
    probe: async (rm) =>
      [...new Set((await rm.list(`/candidates/${C3}/events?filter[kind]=subscription`)).map((e) => e.attributes.kind))].sort(),
    clean: ['subscription'],
    faulty: ['subscription', 'unsubscription'],
  }),
  c({
    fault: 'rm.filter.event-created-at-gte-exclusive',
    probe: async (rm) => {
      const event = (await c1Events(rm))[1]!;
      const utc = (event.attributes.created_at as { utc: string }).utc;
      return (await rm.list(`/candidates/${C1}/events?filter[created_at][gte]=${encodeURIComponent(utc)}`)).some((e) => e.id === event.id);
    },
    clean: true,
    faulty: false,
  }),
  c({
    fault: 'rm.filter.application-kind-ignored',
    probe: async (rm) =>
      [...new Set((await rm.list(`/job_applications/${APPLICATION}/events?filter[kind]=email`)).map((e) => e.attributes.kind))].sort(),
    expect: (clean, faulty) => {
      assert.deepEqual(clean, ['email']);
      assert.ok((faulty as string[]).length > 1, String(faulty));
    },
  }),
  c({
    fault: 'rm.filter.conversation-false-400',
    probe: async (rm) => [
      await rm.status(`/candidates/${C1}/messages?filter[conversation][exists]=false`),
      await rm.status(`/candidates/${C1}/messages?filter[conversation][exists]=true`),
    ],
    clean: [200, 200],
    faulty: [400, 200],
  }),
  // §4 Allowed include values; §2 relationships named by include
  c({
    fault: 'rm.include.first-value-only',
    probe: async (rm) => types(await rm.included(`/candidates/${C1}?include=notes,educations`)),
    clean: ['educations', 'notes'],
    faulty: ['notes'],
  }),
  c({
    fault: 'rm.include.first-touch-is-last',
    probe: async (rm) => {
      const answer = (await rm.get(`/candidates/${C1}?include=first_touch_event`)).json as { data: Res; included: Res[] };
      return answer.included.map((r) => r.id).includes(String(refs(answer.data, 'first_touch_event')[0]?.id));
    },
    clean: true,
    faulty: false,
  }),
  c({
    fault: 'rm.include.event-location-candidate',
    probe: async (rm) => types(await rm.included(`/candidates/${C1}/events?include=location`)),
    clean: ['locations'],
    faulty: ['candidate_locations'],
  }),
  c({
    fault: 'rm.include.message-to-is-from',
    probe: async (rm) => types(await rm.included(`/candidates/${C1}/messages?include=to`)),
    clean: ['candidates'],
    faulty: ['users'],
  }),
  c({
    fault: 'rm.include.job-categories-locations',
    probe: async (rm) => types(await rm.included('/jobs?include=categories')),
    clean: ['categories'],
    faulty: ['locations'],
  }),
  c({
    fault: 'rm.include.recruitment-cta-first-only',
    probe: async (rm) => (await rm.included('/recruitment_events/re-000001?include=call_to_actions')).length,
    clean: 2,
    faulty: 1,
  }),
  c({
    fault: 'rm.include.messages-from-mixed',
    probe: async (rm) => {
      const r = await rm.one(`/candidates/${C1}`);
      return refs(r, 'messages_from').filter((m) => refs(r, 'messages_to').some((t) => t.id === m.id)).length;
    },
    expect: (clean, faulty) => {
      assert.equal(clean, 0);
      assert.ok(Number(faulty) > 0);
    },
  }),
  c({
    fault: 'rm.include.educations-rel-missing-created',
    probe: async (rm) => {
      const created = ((await rm.send('POST', `/candidates/${C1}/educations`, education)).json as { data: Res }).data;
      const listed = (await rm.list(`/candidates/${C1}/educations?page=1&per_page=100`)).some((e) => e.id === created.id);
      return [listed, refs(await rm.one(`/candidates/${C1}`), 'educations').some((e) => e.id === created.id)];
    },
    clean: [true, true],
    faulty: [true, false],
  }),
  c({
    fault: 'rm.include.employments-rel-typed-educations',
    probe: async (rm) => [...new Set(refs(await rm.one(`/candidates/${C1}`), 'employments').map((e) => e.type))],
    clean: ['employments'],
    faulty: ['educations'],
  }),
  // §1, §2 Resource shapes: candidates
  c({
    fault: 'rm.schema.relationship-without-type',
    probe: async (rm) => refs(await rm.one(`/candidates/${C1}`), 'locations').map((l) => typeOf(l.type)),
    clean: ['string'],
    faulty: ['undefined'],
  }),
  c({
    fault: 'rm.schema.links-bare-strings',
    probe: async (rm) => {
      const links = (await rm.one(`/candidates/${C1}`)).attributes.links as Record<string, unknown>;
      return [typeOf(links.self), typeOf(links.mail_to), typeOf(links.tel)];
    },
    clean: ['object', 'object', 'object'],
    faulty: ['object', 'string', 'string'],
  }),
  c({
    fault: 'rm.schema.single-skill-string',
    probe: async (rm) => {
      await rm.send('PATCH', `/candidates/${C1}`, { data: { type: 'candidates', attributes: { skills: ['Rust'] } } });
      return (await rm.one(`/candidates/${C1}`)).attributes.skills;
    },
    clean: ['Rust'],
    faulty: 'Rust',
  }),
  c({
    fault: 'rm.schema.internal-candidate-integer',
    probe: async (rm) => typeOf((await rm.one(`/candidates/${C1}`)).attributes.internal_candidate),
    clean: 'boolean',
    faulty: 'number',
  }),
  c({
    fault: 'rm.schema.manually-added-string',
    probe: async (rm) => typeOf((await rm.one(`/candidates/${C1}`)).attributes.manually_added),
    clean: 'boolean',
    faulty: 'string',
  }),
  c({
    fault: 'rm.schema.last-seen-epoch',
    probe: async (rm) => typeOf((await rm.one(`/candidates/${C1}`)).attributes.last_seen_at),
    clean: 'object',
    faulty: 'number',
  }),
  c({
    fault: 'rm.schema.visit-count-string',
    probe: async (rm) => typeOf((await rm.one(`/candidates/${C1}`)).attributes.visit_count),
    clean: 'number',
    faulty: 'string',
  }),
  c({
    fault: 'rm.schema.archived-status-active',
    probe: async (rm) => (await rm.one(`/candidates/${C1}`)).attributes.archived_status,
    clean: 'unarchived',
    faulty: 'active',
  }),
  c({
    fault: 'rm.schema.last-archived-at-empty-string',
    probe: async (rm) => typeOf((await rm.create()).attributes.last_archived_at),
    clean: 'undefined',
    faulty: 'string',
  }),
  c({
    fault: 'rm.schema.first-seen-local-us-format',
    probe: async (rm) =>
      /^\d{4}-\d{2}-\d{2}T/.test(((await rm.one(`/candidates/${C1}`)).attributes.first_seen_at as { local: string }).local),
    clean: true,
    faulty: false,
  }),
  c({
    fault: 'rm.schema.subscription-option-rel-type',
    probe: async (rm) =>
      refs((await rm.list(`/candidates/${C1}/job_alert_subscriptions`))[0]!, 'job_template_field_options').map((r) => r.type),
    clean: ['job_template_field_options'],
    faulty: ['job_template_fields'],
  }),
  c({
    fault: 'rm.schema.template-option-created-at-string',
    probe: async (rm) => [
      ...new Set(
        (await rm.included(`/candidates/${C1}?include=job_alert_subscriptions.job_template_fields.options`))
          .filter((r) => r.type === 'job_template_field_options')
          .map((r) => typeOf(r.attributes.created_at)),
      ),
    ],
    clean: ['object'],
    faulty: ['string'],
  }),
  // Candidate events
  c({
    fault: 'rm.schema.application-event-type',
    probe: async (rm) => types(await rm.list(`/job_applications/${APPLICATION}/events`)),
    clean: ['candidate_events'],
    faulty: ['events'],
  }),
  c({
    fault: 'rm.schema.application-events-no-relationships',
    probe: async (rm) => [...new Set((await rm.list(`/job_applications/${APPLICATION}/events`)).map((e) => e.relationships !== undefined))],
    clean: [true],
    faulty: [false],
  }),
  c({
    fault: 'rm.schema.event-uid-integer',
    probe: async (rm) => [...new Set((await c1Events(rm)).map((e) => typeOf(e.attributes.uid)))],
    clean: ['string'],
    faulty: ['number'],
  }),
  c({
    fault: 'rm.schema.event-created-at-string',
    probe: async (rm) => [...new Set((await c1Events(rm)).map((e) => typeOf(e.attributes.created_at)))],
    clean: ['object'],
    faulty: ['string'],
  }),
  c({
    fault: 'rm.schema.event-ats-status-string',
    probe: async (rm) => {
      const ats = (await c1Events(rm)).find((e) => e.attributes.ats)!.attributes.ats as Record<string, unknown>;
      return [typeOf(ats.ats_status), typeOf(ats.ats_secondary_status)];
    },
    clean: ['object', 'object'],
    faulty: ['string', 'string'],
  }),
  c({
    fault: 'rm.schema.event-referrer-string',
    probe: async (rm) => [...new Set((await c1Events(rm)).map((e) => typeOf(e.attributes.referrer)))],
    clean: ['object'],
    faulty: ['string'],
  }),
  c({
    fault: 'rm.schema.event-ago-seconds',
    probe: async (rm) => [...new Set((await c1Events(rm)).map((e) => typeOf((e.attributes.created_at as { ago: unknown }).ago)))],
    clean: ['string'],
    faulty: ['number'],
  }),
  // Jobs
  c({
    fault: 'rm.schema.job-type-singular-on-get',
    probe: async (rm) => [(await job(rm)).type, types(await rm.list('/jobs'))],
    clean: ['jobs', ['jobs']],
    faulty: ['job', ['jobs']],
  }),
  c({ fault: 'rm.schema.job-ats-uid-number', probe: async (rm) => (await job(rm)).attributes.ats_uid, clean: 'REQ-2001', faulty: 2001 }),
  c({
    fault: 'rm.schema.job-time-zone-offset',
    probe: async (rm) => (await job(rm)).attributes.time_zone,
    clean: 'America/Chicago',
    faulty: -360,
  }),
  c({
    fault: 'rm.schema.job-title-with-locations-array',
    probe: async (rm) => (await job(rm)).attributes.title_with_locations_and_req,
    clean: 'Senior Software Engineer - Austin (R7101)',
    faulty: ['Senior Software Engineer', 'Austin', 'R7101'],
  }),
  c({ fault: 'rm.schema.job-remote-string', probe: async (rm) => (await job(rm)).attributes.remote, clean: true, faulty: 'true' }),
  c({
    fault: 'rm.schema.job-apply-url-object',
    probe: async (rm) => typeOf((await job(rm)).attributes.apply_url),
    clean: 'string',
    faulty: 'object',
  }),
  c({ fault: 'rm.schema.job-status-integer', probe: async (rm) => (await job(rm)).attributes.status, clean: 'live', faulty: 1 }),
  c({
    fault: 'rm.schema.job-payment-amount-string',
    probe: async (rm) => (await job(rm)).attributes.payment_amount,
    clean: 165000,
    faulty: '165000.00',
  }),
  c({
    fault: 'rm.schema.job-payment-frequency-integer',
    probe: async (rm) => (await job(rm)).attributes.payment_frequency,
    clean: 'annual',
    faulty: 1,
  }),
  c({
    fault: 'rm.schema.job-currency-symbol',
    probe: async (rm) => (await job(rm)).attributes.payment_currency_code,
    clean: 'USD',
    faulty: '$',
  }),
  c({
    fault: 'rm.schema.job-locations-rel-type',
    probe: async (rm) => refs(await job(rm), 'locations').map((r) => r.type),
    clean: ['locations'],
    faulty: ['job_locations'],
  }),
  c({
    fault: 'rm.schema.job-epoch-fraction',
    probe: async (rm) => Number.isInteger(((await job(rm)).attributes.created_at as { epoch: number }).epoch),
    clean: true,
    faulty: false,
  }),
  // Lists, messages, notes, taggings
  c({
    fault: 'rm.schema.list-type-static-lists',
    probe: async (rm) => types(await rm.list('/lists')),
    clean: ['company_lists'],
    faulty: ['static_lists'],
  }),
  c({
    fault: 'rm.schema.message-type',
    probe: async (rm) => types(await rm.list(`/candidates/${C1}/messages`)),
    clean: ['messages'],
    faulty: ['candidate_messages'],
  }),
  c({
    fault: 'rm.schema.message-contents-on-email',
    probe: async (rm) =>
      (await rm.list(`/candidates/${C1}/messages`)).filter((m) => m.attributes.kind === 'email').map((m) => 'contents' in m.attributes),
    clean: [false],
    faulty: [true],
  }),
  c({
    fault: 'rm.schema.message-inbound-from-candidate',
    probe: async (rm) => [...new Set((await rm.list(`/candidates/${C1}/messages`)).map((m) => refs(m, 'from')[0]?.type))].sort(),
    clean: ['users'],
    faulty: ['candidates', 'users'],
  }),
  c({
    fault: 'rm.schema.message-utc-space-format',
    probe: async (rm) => [
      ...new Set(
        (await rm.list(`/candidates/${C1}/messages`)).map((m) =>
          /^\d{4}-\d{2}-\d{2}T/.test((m.attributes.created_at as { utc: string }).utc),
        ),
      ),
    ],
    clean: [true],
    faulty: [false],
  }),
  c({
    fault: 'rm.schema.note-type-singular',
    probe: async (rm) => types(await rm.included(`/candidates/${C1}?include=notes`)),
    clean: ['notes'],
    faulty: ['note'],
  }),
  c({
    fault: 'rm.schema.note-user-rel-type',
    probe: async (rm) => (await rm.included(`/candidates/${C1}?include=notes`)).map((n) => refs(n, 'user')[0]?.type),
    clean: ['users'],
    faulty: ['admin_users'],
  }),
  c({
    fault: 'rm.schema.tagging-source-null-id',
    probe: async (rm) => {
      const answer = (await rm.send('POST', `/candidates/${C1}/tags`, { data: { type: 'tags', attributes: { name: 'from-the-api' } } }))
        .json as { data: Res };
      return refs(answer.data, 'tag_source')[0]?.id ?? null;
    },
    clean: 'ts-api',
    faulty: null,
  }),
  // Clauses that had faults already: one more, in another way
  c({
    fault: 'rm.auth.non-basic-400',
    probe: async (rm) => [
      (await rm.call('GET', '/lists', { auth: 'Bearer abc' })).status,
      (await rm.call('GET', '/lists', { auth: null })).status,
    ],
    clean: [401, 401],
    faulty: [400, 401],
  }),
  c({
    fault: 'rm.auth.wrong-credentials-403',
    probe: async (rm) => [
      (await rm.call('GET', '/lists', { auth: basic(EMBEDDED.rm.apiKey, 'wrong') })).status,
      (await rm.call('GET', '/lists', { auth: null })).status,
    ],
    clean: [401, 401],
    faulty: [403, 401],
  }),
  c({
    fault: 'rm.schema.interaction-score-unclamped',
    probe: async (rm) =>
      Math.max(...(await rm.list('/candidates?page=1&per_page=100')).map((r) => Number(r.attributes.interaction_score))) > 1,
    clean: false,
    faulty: true,
  }),
  c({
    fault: 'rm.schema.subscription-status-capitalised',
    probe: async (rm) =>
      [...new Set((await rm.list('/candidates?page=1&per_page=100')).map((r) => r.attributes.subscription_status))].sort(),
    clean: ['subscribed', 'unsubscribed'],
    faulty: ['Unsubscribed', 'subscribed'],
  }),
  c({
    fault: 'rm.schema.type-capitalised-on-create',
    probe: async (rm) => {
      const created = await rm.create();
      return [created.type, (await rm.one(`/candidates/${created.id}`)).type];
    },
    clean: ['candidates', 'candidates'],
    faulty: ['Candidate', 'candidates'],
  }),
  c({
    fault: 'rm.schema.included-without-attributes',
    probe: async (rm) => [...new Set((await rm.included(`/candidates/${C1}?include=notes,educations`)).map((r) => typeOf(r.attributes)))],
    clean: ['object'],
    faulty: ['undefined'],
  }),
  c({
    fault: 'rm.filter.ats-uid-false-empty',
    probe: async (rm) => (await rm.list('/candidates?filter[ats_uid][exists]=false&page=1&per_page=100')).length > 0,
    clean: true,
    faulty: false,
  }),
  c({
    fault: 'rm.filter.resume-false-ignored',
    probe: async (rm) => [
      (await rm.list('/candidates?filter[resume][exists]=false&page=1&per_page=100')).length,
      (await rm.list('/candidates?page=1&per_page=100')).length,
    ],
    expect: (clean, faulty) => {
      const [cleanFalse, all] = clean as number[];
      assert.ok(cleanFalse! < all!);
      assert.deepEqual(faulty, [all, all]);
    },
  }),
  c({
    fault: 'rm.candidates.create.phone-dropped',
    probe: async (rm) => (await rm.one(`/candidates/${(await rm.create({ phone_number: '+1 555 0199' })).id}`)).attributes.phone_number,
    clean: '+1 555 0199',
    faulty: '',
  }),
  c({
    fault: 'rm.server-error.page-past-end',
    probe: async (rm) => [await rm.status('/candidates?page=50&per_page=100'), await rm.status('/candidates?page=1&per_page=100')],
    clean: [200, 200],
    faulty: [500, 200],
  }),
  c({
    fault: 'rm.educations.create.not-listed',
    probe: async (rm) => {
      const created = ((await rm.send('POST', `/candidates/${C1}/educations`, education)).json as { data: Res }).data;
      return [
        await rm.status(`/candidates/${C1}/educations/${created.id}`),
        (await rm.list(`/candidates/${C1}/educations?page=1&per_page=100`)).some((e) => e.id === created.id),
      ];
    },
    clean: [200, true],
    faulty: [200, false],
  }),
  c({
    fault: 'rm.employments.create.not-persisted',
    probe: async (rm) => {
      const answer = await rm.send('POST', `/candidates/${C1}/employments`, {
        data: { type: 'employments', attributes: { company: { name: 'Contoso' } } },
      });
      const id = (answer.json as { data: Res }).data.id;
      return [
        answer.status,
        await rm.status(`/candidates/${C1}/employments/${id}`),
        (await rm.list(`/candidates/${C1}/employments?page=1&per_page=100`)).some((e) => e.id === id),
      ];
    },
    clean: [201, 200, true],
    faulty: [201, 404, false],
  }),
  c({
    fault: 'rm.jobs.include-lists-drafts',
    probe: async (rm) => [
      [...new Set((await rm.list('/jobs?include=categories')).map((j) => j.attributes.status))].sort(),
      [...new Set((await rm.list('/jobs')).map((j) => j.attributes.status))],
    ],
    clean: [['live'], ['live']],
    faulty: [['draft', 'live'], ['live']],
  }),
  c({
    fault: 'rm.filter-cap.one-page-late',
    probe: async (rm) => [
      await rm.status('/candidates?filter[archived]=false&page=101&per_page=100'),
      await rm.status('/candidates?filter[archived]=false&page=102&per_page=100'),
    ],
    clean: [400, 400],
    faulty: [200, 400],
  }),
  c({
    fault: 'rm.candidates.create.email-at-sign-only',
    probe: async (rm) => {
      const post = async (email: string) =>
        (await rm.send('POST', '/candidates', { data: { type: 'candidates', attributes: { email } } })).status;
      return [await post('jane.doe@'), await post('@example.com'), await post('not-an-email')];
    },
    clean: [422, 422, 422],
    faulty: [201, 201, 422],
  }),
  c({
    fault: 'rm.candidate-files.refused-400',
    probe: async (rm) => {
      const status = (
        await rm.send('POST', `/candidates/${C1}/candidate_files`, file({ filename: 'cv.pdf', content: '%%% not base64 %%%' }))
      ).status;
      return [status, refs(await rm.one(`/candidates/${C1}`), 'resumes').length];
    },
    expect: (clean, faulty) => {
      assert.equal((clean as number[])[0], 422);
      assert.deepEqual(faulty, [400, (clean as number[])[1]]);
    },
  }),
  c({
    fault: 'rm.lists.add.member-of-any-list-200',
    probe: async (rm) => {
      const cand = await rm.create();
      const other = (await rm.list('/lists')).find((l) => l.id !== LIST)!.id;
      const statuses = [
        (await rm.send('PUT', `/lists/${other}/candidates/${cand.id}`)).status,
        (await rm.send('PUT', `/lists/${LIST}/candidates/${cand.id}`)).status,
      ];
      return [...statuses, refs(await rm.one(`/candidates/${cand.id}`), 'lists').length];
    },
    clean: [201, 201, 2],
    faulty: [201, 200, 2],
  }),
  c({
    fault: 'rm.lists.remove.from-every-list',
    probe: async (rm) => {
      const cand = await rm.create();
      const other = (await rm.list('/lists')).find((l) => l.id !== LIST)!.id;
      await rm.send('PUT', `/lists/${other}/candidates/${cand.id}`);
      await rm.send('PUT', `/lists/${LIST}/candidates/${cand.id}`);
      const status = (await rm.send('DELETE', `/lists/${LIST}/candidates/${cand.id}`)).status;
      return [status, refs(await rm.one(`/candidates/${cand.id}`), 'lists').map((l) => l.id)];
    },
    expect: (clean, faulty) => {
      const [status, lists] = clean as [number, string[]];
      assert.equal(status, 204);
      assert.ok(lists.length === 1 && lists[0] !== LIST, 'without the fault the other membership stays');
      assert.deepEqual(faulty, [204, []]);
    },
  }),
  // The red team's (redrm): defects every check passed before.
  c({
    fault: 'rm.tags.delete.removes-every-tag',
    probe: async (rm) => {
      const [first, ...rest] = await rm.list(`/candidates/${C2}/tags`);
      assert.ok(first && rest.length > 0, 'C2 has two tags');
      await rm.send('DELETE', `/candidates/${C2}/tags/${first.id}`);
      return (await rm.list(`/candidates/${C2}/tags`)).length;
    },
    expect: (clean, faulty) => {
      assert.ok(typeof clean === 'number' && clean > 0, 'without the fault the other tags stay');
      assert.equal(faulty, 0);
    },
  }),
  c({
    fault: 'rm.filter.conversation-true-empty',
    probe: async (rm) => {
      for (const id of [C1, C2, C3]) {
        const inOne = await rm.list(`/candidates/${id}/messages?filter[conversation][exists]=true&page=1&per_page=50`);
        const all = await rm.list(`/candidates/${id}/messages?page=1&per_page=50`);
        if (all.length > 0) return inOne.length;
      }
      return -1;
    },
    expect: (clean, faulty) => {
      assert.ok(typeof clean === 'number' && clean > 0, `messages in a conversation without the fault: ${String(clean)}`);
      assert.equal(faulty, 0);
    },
  }),
  c({
    fault: 'rm.jobs.include-join-duplicates',
    probe: async (rm) => {
      const ids = (await rm.list('/jobs?include=categories&page=1&per_page=100')).map((j) => j.id);
      return ids.length - new Set(ids).size;
    },
    expect: (clean, faulty) => {
      assert.equal(clean, 0);
      assert.ok(typeof faulty === 'number' && faulty > 0, `duplicates with the fault: ${String(faulty)}`);
    },
  }),
  c({
    fault: 'rm.filter.include-drops-filters',
    probe: async (rm) => {
      const email = `blind-${randomUUID().slice(0, 8)}@example.com`;
      await rm.create({ email });
      return (await rm.list(`/candidates?filter[email][eq]=${encodeURIComponent(email)}&include=educations&page=1&per_page=10`)).length;
    },
    expect: (clean, faulty) => {
      assert.equal(clean, 1);
      assert.ok(typeof faulty === 'number' && faulty > 1, String(faulty));
    },
  }),
  c({
    fault: 'rm.filter.email-local-part-only',
    probe: async (rm) => {
      const local = `blind-${randomUUID().slice(0, 8)}`;
      await rm.create({ email: `${local}@example.com` });
      await rm.create({ email: `${local}@example.org` });
      return (await rm.list(`/candidates?filter[email][eq]=${encodeURIComponent(`${local}@example.com`)}&page=1&per_page=10`)).length;
    },
    clean: 1,
    faulty: 2,
  }),
  c({
    fault: 'rm.candidates.create.tag-values-joined',
    probe: async (rm) => {
      const cand = await rm.create({ tag_values: ['Nursing', 'Night shifts'] });
      return (await rm.list(`/candidates/${cand.id}/tags`)).map((t) => String(t.attributes.name)).sort();
    },
    clean: ['Night shifts', 'Nursing'],
    faulty: ['Nursing,Night shifts'],
  }),
  c({
    fault: 'rm.educations.list.every-candidate',
    probe: async (rm) => {
      const [a, b] = [await rm.create(), await rm.create()];
      assert.equal((await rm.send('POST', `/candidates/${b.id}/educations`, education)).status, 201);
      return (await rm.list(`/candidates/${a.id}/educations`)).length;
    },
    expect: (clean, faulty) => {
      assert.equal(clean, 0);
      assert.ok(typeof faulty === 'number' && faulty > 0, String(faulty));
    },
  }),
  c({
    fault: 'rm.tags.list.every-candidate',
    probe: async (rm) => {
      const [a, b] = [await rm.create(), await rm.create()];
      await rm.send('POST', `/candidates/${b.id}/tags`, { data: { type: 'tags', attributes: { name: 'blind' } } });
      return (await rm.list(`/candidates/${a.id}/tags`)).length;
    },
    expect: (clean, faulty) => {
      assert.equal(clean, 0);
      assert.ok(typeof faulty === 'number' && faulty > 0, String(faulty));
    },
  }),
  c({
    fault: 'rm.include.cursor-requests-ignored',
    probe: async (rm) => (await rm.included('/candidates?include=taggings&per_page=10')).length,
    expect: (clean, faulty) => {
      assert.ok(typeof clean === 'number' && clean > 0, `embedded without the fault: ${String(clean)}`);
      assert.equal(faulty, 0);
    },
  }),
  c({
    fault: 'rm.filter.email-ignored-by-cursor',
    probe: async (rm) => {
      const email = `blind-${randomUUID().slice(0, 8)}@example.com`;
      await rm.create({ email });
      return (await rm.list(`/candidates?filter[email][eq]=${encodeURIComponent(email)}&per_page=10`)).length;
    },
    expect: (clean, faulty) => {
      assert.equal(clean, 1);
      assert.ok(typeof faulty === 'number' && faulty > 1, String(faulty));
    },
  }),
  c({
    fault: 'rm.candidates.update.empty-values-skipped',
    probe: async (rm) => {
      const patch = (attributes: Record<string, unknown>) =>
        rm.send('PATCH', `/candidates/${C1}`, { data: { type: 'candidates', attributes } });
      await patch({ skills: ['Rust'] });
      const status = (await patch({ skills: [] })).status;
      return [status, (await rm.one(`/candidates/${C1}`)).attributes.skills];
    },
    clean: [200, []],
    faulty: [200, ['Rust']],
  }),
  c({
    fault: 'rm.schema.epoch-wall-clock',
    probe: async (rm) => {
      const at = (await rm.one(`/candidates/${C1}`)).attributes.created_at as { utc: string; epoch: number };
      return at.epoch - Math.floor(Date.parse(at.utc) / 1000);
    },
    expect: (clean, faulty) => {
      assert.equal(clean, 0);
      assert.equal(faulty, -5 * 3600);
    },
  }),
];

async function probeWith(faults: string[], probe: (rm: Rm) => Promise<unknown>): Promise<unknown> {
  const server = await startReferenceServer({ behaviour: new Behaviour(faults) });
  try {
    return await probe(new Rm(embeddedUrls(server.port).rm));
  } finally {
    await server.close();
  }
}

test('every fault of the blind block has a case, and no case names another fault', () => {
  const names = RM_FAULTS.map((f) => f.name);
  const start = names.indexOf('rm.auth.not-enforced-on-job-get');
  assert.ok(start > 0, 'the block starts with rm.auth.not-enforced-on-job-get');
  const block = names.slice(start);
  const cased = CASES.map((x) => x.fault);
  assert.deepEqual(
    cased.filter((n, i) => cased.indexOf(n) !== i),
    [],
    'one case per fault',
  );
  assert.deepEqual([...cased].sort(), [...block].sort());
});

for (const k of CASES) {
  test(`${k.fault}: the answers differ as the description says`, async () => {
    const clean = await probeWith([], k.probe);
    const faulty = await probeWith([k.fault], k.probe);
    assert.notDeepEqual(faulty, clean, 'the fault changes the answer');
    if (k.expect) k.expect(clean, faulty);
    else {
      assert.deepEqual(clean, k.clean, 'without the fault');
      assert.deepEqual(faulty, k.faulty, 'with the fault');
    }
  });
}
