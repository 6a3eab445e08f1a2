// Self-check (run: npx tsx servers/personas/rm/selfcheck.ts [persona...]): starts each persona, exercises every operation of part 4's
// table with its success and error statuses, and prints one line per check. Exits 1 when a check fails.
import { type PersonaMode, type RmPersona, startRmPersona } from './index';
import { EVENT_KINDS } from './model';
import { CANDIDATE_INCLUDES } from './routes/tables';

type J = Record<string, unknown>;
interface Res {
  status: number;
  body: J;
  text: string;
  type: string;
  headers: Headers;
}

let failures = 0;
let passes = 0;

function report(mode: PersonaMode, label: string, ok: boolean, detail = ''): void {
  if (ok) passes += 1;
  else failures += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} [${mode}] ${label}${detail ? ` — ${detail}` : ''}`);
}

const obj = (v: unknown): J => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as J) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const ids = (v: unknown): string[] => arr(v).map((x) => String(obj(x).id));
const doc = (type: string, attributes: J): { body: J } => ({ body: { data: { type, attributes } } });
const anon = (type: string, attributes: J): { body: J; auth: false } => ({ ...doc(type, attributes), auth: false });
/** The expectation of each persona. */
const pick = <X>(m: PersonaMode, lenient: X, strict: X, frameworks: X, alternate: X): X => ({ lenient, strict, frameworks, alternate })[m];

class Client {
  constructor(
    readonly p: RmPersona,
    readonly mode: PersonaMode,
  ) {}

  auth(secret = this.p.env.RM_API_SECRET): Record<string, string> {
    const basic = Buffer.from(`${this.p.env.RM_API_KEY ?? ''}:${secret ?? ''}`).toString('base64');
    return { authorization: `Basic ${basic}`, 'x-hmac-date': new Date().toUTCString() };
  }

  async call(method: string, path: string, opts: { body?: unknown; raw?: string; headers?: Record<string, string>; auth?: boolean } = {}) {
    const headers: Record<string, string> = opts.auth === false ? {} : this.auth();
    let body: string | undefined;
    if (opts.body !== undefined || opts.raw !== undefined) {
      headers['content-type'] = 'application/vnd.api+json';
      body = opts.raw ?? JSON.stringify(opts.body);
    }
    Object.assign(headers, opts.headers ?? {});
    const r = await fetch(this.p.baseUrl + path, { method, headers, body });
    const text = await r.text();
    let parsed: J = {};
    try {
      parsed = obj(text === '' ? {} : JSON.parse(text));
    } catch {
      parsed = {};
    }
    return { status: r.status, body: parsed, text, type: r.headers.get('content-type') ?? '', headers: r.headers } satisfies Res;
  }

  async expect(label: string, method: string, path: string, want: number | number[], opts: Parameters<Client['call']>[2] = {}) {
    const r = await this.call(method, path, opts);
    const wanted = Array.isArray(want) ? want : [want];
    report(
      this.mode,
      `${method} ${path.split('?')[0]} ${label} -> ${wanted.join('|')}`,
      wanted.includes(r.status),
      wanted.includes(r.status) ? '' : `got ${r.status}: ${r.text.slice(0, 200)}`,
    );
    return r;
  }
}

/** The linkage of a relationship: a bare array of pairs, or a JSON:API relationship object's `data`. */
const linkage = (v: unknown): unknown[] => (Array.isArray(v) ? v : arr(obj(v).data));

async function relsOf(c: Client, id: string): Promise<J> {
  return obj(obj((await c.call('GET', `/candidates/${id}`)).body.data).relationships);
}

async function allCandidateIds(c: Client, query: string): Promise<string[]> {
  const out: string[] = [];
  for (let page = 1; page < 50; page += 1) {
    const r = await c.call('GET', `/candidates?page=${page}&per_page=50${query}`);
    const got = ids(r.body.data);
    out.push(...got);
    if (got.length < 50) break;
  }
  return out;
}

async function candidates(c: Client): Promise<string> {
  const m = c.mode;
  const s = m === 'strict';
  const f = m === 'frameworks';
  const a = m === 'alternate';
  const list = await c.expect('list', 'GET', '/candidates', 200);
  report(m, 'success media type', list.type.startsWith(s || f ? 'application/vnd.api+json' : 'application/json'), list.type);
  await c.expect('no credentials', 'GET', '/candidates', 401, { auth: false });
  await c.expect('wrong secret', 'GET', '/candidates', 401, { headers: c.auth('nope') });
  const noDate = { authorization: c.auth().authorization ?? '', 'x-hmac-date': '' };
  await c.expect('without x-hmac-date', 'GET', '/candidates', s || a ? 401 : 200, { auth: false, headers: noDate });
  await c.expect('with date instead of x-hmac-date', 'GET', '/candidates', 200, {
    auth: false,
    headers: { authorization: noDate.authorization, date: new Date().toUTCString() },
  });
  const e401 = await c.call('GET', '/candidates', { auth: false });
  const format401 = pick(
    m,
    e401.type.startsWith('text/plain'),
    Array.isArray(e401.body.errors),
    typeof e401.body.detail === 'string',
    e401.type === 'application/problem+json' && e401.body.status === 401 && e401.body.title === 'Unauthorized',
  );
  report(m, '401 body format', format401, e401.type);

  const unarchived = await allCandidateIds(c, '');
  const archivedOnly = await allCandidateIds(c, '&filter[archived]=true');
  report(m, 'default excludes archived and anonymised', unarchived.length === 24, `${unarchived.length}`);
  const archivedWanted = s || f ? 4 : 28;
  report(m, `filter[archived]=true (${s || f ? 'only' : 'too'})`, archivedOnly.length === archivedWanted, `${archivedOnly.length}`);
  const anonymised = await allCandidateIds(c, '&filter[anonymised]=true');
  report(m, 'filter[anonymised]=true', anonymised.length === (s || f ? 2 : 26), `${anonymised.length}`);
  const byEmail = await c.call('GET', '/candidates?filter[email][eq]=ava.nguyen0%40example.com');
  report(m, 'filter[email][eq]', ids(byEmail.body.data).join() === '1001', ids(byEmail.body.data).join());
  for (const [f, n] of [
    ['ats_candidates', 6],
    ['ats_uid', 8],
    ['resume', 5],
  ] as const) {
    const t = await allCandidateIds(c, `&filter[${f}][exists]=true`);
    const fl = await allCandidateIds(c, `&filter[${f}][exists]=false`);
    report(m, `filter[${f}][exists] true/false`, t.length > 0 && t.length + fl.length === 24, `${t.length}+${fl.length} (~${n})`);
  }
  const pivot = '2025-06-01T00:00:00Z';
  const lt = await allCandidateIds(c, `&filter[updated_at][lt]=${pivot}`);
  const gte = await allCandidateIds(c, `&filter[updated_at][gte]=${pivot}`);
  report(m, 'filter[updated_at] lt + gte partition', lt.length + gte.length === 24 && lt.length > 0, `${lt.length}+${gte.length}`);
  await c.expect('filter[archived]=maybe', 'GET', '/candidates?filter[archived]=maybe', pick(m, 200, 400, 400, 200));
  await c.expect('unknown filter', 'GET', '/candidates?filter[colour][eq]=red', s ? 400 : 200);
  await c.expect('unknown include', 'GET', '/candidates?include=widgets', pick(m, 200, 400, 400, 200));
  await c.expect('per_page=500', 'GET', '/candidates?per_page=500', pick(m, 200, 400, 200, 422));
  // at the cap but past the last page: DRF's "Invalid page." in the frameworks persona
  await c.expect(
    'filter + page*per_page = cap',
    'GET',
    '/candidates?filter[archived]=false&page=100&per_page=100',
    pick(m, 200, 200, 404, 422),
  );
  await c.expect('filter + page*per_page > cap', 'GET', '/candidates?filter[archived]=false&page=101&per_page=100', 400);
  await c.expect('no filter, page past the end', 'GET', '/candidates?page=9999&per_page=10', pick(m, 200, 200, 404, 422));

  // cursor walk
  const walked: string[] = [];
  let cursor: string | null = null;
  for (let n = 0; n < 20; n += 1) {
    const qs: string = cursor === null ? '?per_page=6' : `?per_page=6&cursor=${encodeURIComponent(cursor)}`;
    const r = await c.call('GET', `/candidates${qs}`);
    walked.push(...ids(r.body.data));
    const next = obj(r.body.meta).next_cursor;
    // an absent, null or empty next_cursor ends the walk
    cursor = typeof next === 'string' && next !== '' ? next : null;
    if (cursor === null) break;
  }
  report(m, 'cursor walk visits every record once', walked.join() === unarchived.join(), `${walked.length}`);

  for (const inc of CANDIDATE_INCLUDES) {
    const r = await c.call('GET', `/candidates?per_page=30&include=${inc}`);
    if (r.status !== 200 || (inc !== 'lists' && arr(r.body.included).length === 0 && !inc.includes('messages_from.to'))) {
      report(m, `include=${inc}`, false, `${r.status} included=${arr(r.body.included).length}`);
    }
  }
  report(m, `every candidate include value (${CANDIDATE_INCLUDES.length}) answers 200 and embeds records`, true);

  // POST
  const email = `new.person.${m}@example.com`;
  const post = await c.expect(
    'create',
    'POST',
    '/candidates',
    201,
    doc('candidates', {
      email,
      first_name: 'New',
      last_name: 'Person',
      phone_number: '+44 20 7946 0000',
      tag_values: ['run-1', 'vip'],
    }),
  );
  const id = String(obj(post.body.data).id);
  const back = obj(obj((await c.call('GET', `/candidates/${id}`)).body.data).attributes);
  report(
    m,
    'created candidate reads back',
    back.email === email &&
      back.first_name === 'New' &&
      back.last_name === 'Person' &&
      back.phone_number === (a ? '+442079460000' : '+44 20 7946 0000') &&
      arr(back.tags).join() === 'run-1,vip',
    JSON.stringify(back.tags),
  );
  await c.expect('without email', 'POST', '/candidates', 422, doc('candidates', { first_name: 'x' }));
  await c.expect('invalid email', 'POST', '/candidates', 422, doc('candidates', { email: 'not-an-email' }));
  await c.expect('no credentials', 'POST', '/candidates', 401, anon('candidates', { email }));
  await c.expect('invalid JSON', 'POST', '/candidates', 400, { raw: '{"data": ' });
  await c.expect('without data.type', 'POST', '/candidates', pick(m, 201, 422, 422, 422), {
    body: { data: { attributes: { email: `t.${email}` } } },
  });
  await c.expect('text/plain body', 'POST', '/candidates', pick(m, 201, 415, 415, 415), {
    body: { data: { type: 'candidates', attributes: { email: `p.${email}` } } },
    headers: { 'content-type': 'text/plain' },
  });
  await c.expect('unknown attribute', 'POST', '/candidates', s ? 422 : 201, {
    body: { data: { type: 'candidates', attributes: { email: `u.${email}`, shoe_size: 9 } } },
  });

  // GET one, PATCH
  await c.expect('found', 'GET', `/candidates/${id}?include=taggings.tag_source`, 200);
  await c.expect('missing', 'GET', '/candidates/999999', 404);
  await c.expect('no credentials', 'GET', `/candidates/${id}`, 401, { auth: false });
  await c.expect('first_name only', 'PATCH', `/candidates/${id}`, 200, doc('candidates', { first_name: 'Renamed' }));
  const after = obj(obj((await c.call('GET', `/candidates/${id}`)).body.data).attributes);
  report(m, 'PATCH changes only what was sent', after.first_name === 'Renamed' && after.last_name === 'Person' && after.email === email);
  await c.expect('skills', 'PATCH', `/candidates/${id}`, 200, doc('candidates', { skills: ['Go'] }));
  await c.expect('missing', 'PATCH', '/candidates/999999', 404, doc('candidates', {}));
  await c.expect('no credentials', 'PATCH', `/candidates/${id}`, 401, anon('candidates', {}));
  await c.expect('skills not an array', 'PATCH', `/candidates/${id}`, pick(m, 200, 422, 422, 200), doc('candidates', { skills: 7 }));
  await c.expect('without data.type', 'PATCH', `/candidates/${id}`, pick(m, 200, 422, 422, 422), {
    body: { data: { attributes: { last_name: 'Q' } } },
  });
  return id;
}

async function subRecords(c: Client, id: string): Promise<void> {
  const m = c.mode;
  // events
  const evInclude = 'location,form_submission.fields,call_to_action,traffic_source';
  const ev = await c.expect('list', 'GET', `/candidates/1001/events?include=${evInclude}`, 200);
  const evData = arr(ev.body.data);
  report(m, 'events are candidate_events', evData.every((e) => obj(e).type === 'candidate_events') && evData.length > 0);
  const kinds = new Set<string>();
  for (let n = 1001; n <= 1030; n += 1) {
    const r = await c.call('GET', `/candidates/${n}/events`);
    for (const e of arr(r.body.data)) kinds.add(String(obj(obj(e).attributes).kind));
  }
  report(
    m,
    'every event kind is seeded',
    EVENT_KINDS.every((k) => kinds.has(k)),
    [...kinds].length.toString(),
  );
  const a = await c.call('GET', '/candidates/1001/events?filter[kind][]=view&filter[kind][]=ats');
  const b = await c.call('GET', '/candidates/1001/events?filter[kind]=view,ats');
  const kindsA = arr(a.body.data).map((e) => String(obj(obj(e).attributes).kind));
  // alternate: the array is written with repeated keys only; a comma-joined value is no kind (400)
  const agree = m === 'alternate' ? b.status === 400 : ids(a.body.data).join() === ids(b.body.data).join();
  report(
    m,
    `filter[kind] repeated and comma-joined ${m === 'alternate' ? 'refused' : 'agree'}`,
    kindsA.length > 0 && agree && kindsA.every((k) => k === 'view' || k === 'ats'),
  );
  const range = 'filter[created_at][gte]=2000-01-01T00:00:00Z&filter[created_at][lte]=2000-01-02T00:00:00Z';
  const cr = await c.call('GET', `/candidates/1001/events?${range}`);
  report(m, 'filter[created_at] bounds', cr.status === 200 && arr(cr.body.data).length === 0);
  await c.expect('missing candidate', 'GET', '/candidates/999999/events', 404);
  await c.expect('no credentials', 'GET', '/candidates/1001/events', 401, { auth: false });
  // messages
  const msgs = await c.expect('list', 'GET', '/candidates/1001/messages?include=from,to,conversation', 200);
  const conv = await c.call('GET', '/candidates/1001/messages?filter[conversation][exists]=true');
  report(m, 'filter[conversation][exists]=true', arr(conv.body.data).length === 2 && arr(msgs.body.data).length === 3);
  await c.expect('filter + cap', 'GET', '/candidates/1001/messages?filter[conversation][exists]=true&page=2&per_page=10000', 400);
  await c.expect('missing candidate', 'GET', '/candidates/999999/messages', 404);
  await c.expect('no credentials', 'GET', '/candidates/1001/messages', 401, { auth: false });
  // tags
  await c.expect('list', 'GET', `/candidates/${id}/tags`, 200);
  await c.expect('missing candidate', 'GET', '/candidates/999999/tags', 404);
  await c.expect('no credentials', 'GET', `/candidates/${id}/tags`, 401, { auth: false });
  const tag = await c.expect('add', 'POST', `/candidates/${id}/tags`, 200, doc('taggings', { name: 'added' }));
  const tagId = String(obj(tag.body.data).id);
  report(m, 'tag id is a UUID', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(tagId), tagId);
  await c.expect('without name', 'POST', `/candidates/${id}/tags`, pick(m, 200, 422, 422, 200), doc('taggings', {}));
  await c.expect('missing candidate', 'POST', '/candidates/999999/tags', 404, doc('taggings', { name: 'x' }));
  await c.expect('no credentials', 'POST', `/candidates/${id}/tags`, 401, anon('taggings', { name: 'x' }));
  await c.expect('remove', 'DELETE', `/candidates/${id}/tags/${tagId}`, 200);
  await c.expect('already removed', 'DELETE', `/candidates/${id}/tags/${tagId}`, 404);
  await c.expect('no credentials', 'DELETE', `/candidates/${id}/tags/${tagId}`, 401, { auth: false });
  // files
  const fileBody = {
    data: {
      type: 'candidate_files',
      attributes: { filename: 'cv.txt', content: Buffer.from('hello').toString('base64') },
      options: { parse_resume: true },
    },
  };
  await c.expect('upload', 'POST', `/candidates/${id}/candidate_files`, 201, { body: fileBody });
  const before = linkage((await relsOf(c, id)).resumes).length;
  // alternate: Ruby's Base64.decode64 refuses nothing, so the content it does not accept is an empty one
  await c.expect(
    m === 'alternate' ? 'empty content' : 'not base64',
    'POST',
    `/candidates/${id}/candidate_files`,
    422,
    doc('candidate_files', { filename: 'cv.txt', content: m === 'alternate' ? '' : '%%% not base64 %%%' }),
  );
  const afterFiles = linkage((await relsOf(c, id)).resumes).length;
  report(m, 'rejected file is not attached', before === 1 && afterFiles === 1, `${before}/${afterFiles}`);
  await c.expect('missing candidate', 'POST', '/candidates/999999/candidate_files', 404, { body: fileBody });
  await c.expect('no credentials', 'POST', `/candidates/${id}/candidate_files`, 401, { auth: false, body: fileBody });
  // educations and employments
  for (const [rel, nested, type] of [
    ['educations', 'school', 'educations'],
    ['employments', 'company', 'employments'],
  ] as const) {
    await c.expect('list', 'GET', `/candidates/1001/${rel}?page=1&per_page=5`, 200);
    await c.expect('missing candidate', 'GET', `/candidates/999999/${rel}`, 404);
    await c.expect('no credentials', 'GET', `/candidates/1001/${rel}`, 401, { auth: false });
    const created = await c.expect('create', 'POST', `/candidates/${id}/${rel}`, pick(m, 200, 201, 201, 200), {
      body: { data: { type, attributes: { [nested]: { name: 'Somewhere' }, start_date: '2019-01-01', end_date: '2020-02-02' } } },
    });
    const recId = String(obj(created.body.data).id);
    await c.expect('blank name', 'POST', `/candidates/${id}/${rel}`, 422, doc(type, { [nested]: { name: ' ' } }));
    await c.expect('free-form date', 'POST', `/candidates/${id}/${rel}`, pick(m, 200, 422, 422, 422), {
      body: { data: { type, attributes: { [nested]: { name: 'X' }, start_date: 'spring 2019' } } },
    });
    await c.expect('no credentials', 'POST', `/candidates/${id}/${rel}`, 401, anon(type, {}));
    await c.expect('one', 'GET', `/candidates/${id}/${rel}/${recId}`, 200);
    await c.expect('missing record', 'GET', `/candidates/${id}/${rel}/424242`, 404);
    await c.expect('no credentials', 'GET', `/candidates/${id}/${rel}/${recId}`, 401, { auth: false });
  }
  // job alert subscriptions
  const subs = await c.expect('active', 'GET', '/candidates/1013/job_alert_subscriptions', 200);
  report(m, 'only active subscriptions listed', arr(subs.body.data).length === 1);
  await c.expect('missing candidate', 'GET', '/candidates/999999/job_alert_subscriptions', 404);
  await c.expect('no credentials', 'GET', '/candidates/1001/job_alert_subscriptions', 401, { auth: false });
}

async function catalog(c: Client, id: string): Promise<void> {
  const m = c.mode;
  const env = c.p.env;
  await c.expect('list', 'GET', `/job_applications/${env.RM_JOB_APPLICATION_ID ?? ''}/events?filter[kind]=application`, 200);
  await c.expect('missing', 'GET', '/job_applications/999999/events', 404);
  await c.expect('no credentials', 'GET', `/job_applications/${env.RM_JOB_APPLICATION_ID ?? ''}/events`, 401, { auth: false });
  await c.expect('one', 'GET', `/recruitment_events/${env.RM_RECRUITMENT_EVENT_ID ?? ''}?include=call_to_action.form_fields.options`, 200);
  await c.expect('missing', 'GET', '/recruitment_events/999999', 404);
  await c.expect('no credentials', 'GET', `/recruitment_events/${env.RM_RECRUITMENT_EVENT_ID ?? ''}`, 401, { auth: false });
  for (const state of ['upcoming', 'past', 'in_progress', 'archived']) {
    const r = await c.expect('list', 'GET', `/recruitment_events/${state}?include=call_to_actions`, 200);
    report(m, `recruitment_events/${state} is not empty`, arr(r.body.data).length > 0);
    await c.expect('no credentials', 'GET', `/recruitment_events/${state}`, 401, { auth: false });
  }
  const jobs = await c.expect('live', 'GET', '/jobs?include=categories', 200);
  const jobData = arr(jobs.body.data);
  report(m, 'only live jobs listed', jobData.every((j) => obj(obj(j).attributes).status === 'live') && jobData.length === 5);
  const q = await c.call('GET', '/jobs?filter[q][eq]=Boston');
  report(m, 'filter[q][eq]', arr(q.body.data).length === 2, `${arr(q.body.data).length}`);
  await c.expect('no credentials', 'GET', '/jobs', 401, { auth: false });
  await c.expect('one', 'GET', `/jobs/${env.RM_JOB_ID ?? ''}?include=categories`, 200);
  await c.expect('missing', 'GET', '/jobs/999999', 404);
  await c.expect('draft', 'GET', '/jobs/3006', pick(m, 200, 404, 404, 404));
  await c.expect('no credentials', 'GET', `/jobs/${env.RM_JOB_ID ?? ''}`, 401, { auth: false });
  const lists = await c.expect('list', 'GET', '/lists?page=1&per_page=10', 200);
  await c.expect('no credentials', 'GET', '/lists', 401, { auth: false });
  const listId = env.RM_LIST_ID ?? '';
  const countOf = async (): Promise<number> => {
    const r = await c.call('GET', '/lists?per_page=50');
    return Number(obj(obj(arr(r.body.data).find((l) => String(obj(l).id) === listId)).attributes).count);
  };
  const count0 = await countOf();
  report(
    m,
    'lists are company_lists',
    arr(lists.body.data).every((l) => obj(l).type === 'company_lists'),
  );
  await c.expect('add', 'PUT', `/lists/${listId}/candidates/${id}`, 201);
  await c.expect('again', 'PUT', `/lists/${listId}/candidates/${id}`, 200);
  const rel = linkage((await relsOf(c, id)).lists);
  report(m, 'count and lists relationship reflect membership', (await countOf()) === count0 + 1 && ids(rel).includes(listId));
  await c.expect('missing list', 'PUT', `/lists/999999/candidates/${id}`, 404);
  await c.expect('missing candidate', 'PUT', `/lists/${listId}/candidates/999999`, 404);
  await c.expect('no credentials', 'PUT', `/lists/${listId}/candidates/${id}`, 401, { auth: false });
  await c.expect('remove', 'DELETE', `/lists/${listId}/candidates/${id}`, 204);
  report(m, 'count back after removal', (await countOf()) === count0);
  await c.expect('missing candidate', 'DELETE', `/lists/${listId}/candidates/999999`, 404);
  await c.expect('no credentials', 'DELETE', `/lists/${listId}/candidates/${id}`, 401, { auth: false });
  const ats = `/ats_integrations/${env.RM_ATS_INTEGRATION_ID ?? ''}/candidates/${env.RM_ATS_CANDIDATE_ID ?? ''}`;
  await c.expect('queued', 'DELETE', ats, 202);
  const noIntegration = '/ats_integrations/00000000-0000-4000-8000-000000000000/candidates';
  await c.expect('missing integration', 'DELETE', `${noIntegration}/${env.RM_ATS_CANDIDATE_ID ?? ''}`, 404);
  await c.expect('missing ATS candidate', 'DELETE', `/ats_integrations/${env.RM_ATS_INTEGRATION_ID ?? ''}/candidates/NOPE-1`, 404);
  await c.expect('no credentials', 'DELETE', ats, 401, { auth: false });
}

const DRF_INVALID_PAGE = '{"detail":"Invalid page."}';
const US_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** Every choice of the frameworks column (README.md), with the clear rules it must still keep. */
async function frameworksChoices(c: Client): Promise<void> {
  const m = c.mode;
  // media type and negotiation
  const json = await c.call('GET', '/candidates/1001', { headers: { accept: 'application/json' } });
  report(m, 'Accept: application/json is served as application/json', json.status === 200 && json.type === 'application/json', json.type);
  await c.expect('Accept: application/xml', 'GET', '/candidates/1001', 406, { headers: { accept: 'application/xml' } });
  const noAuth406 = await c.call('GET', '/candidates/1001', { auth: false, headers: { accept: 'application/xml' } });
  report(m, 'credentials are judged before Accept (401 wins)', noAuth406.status === 401, `${noAuth406.status}`);

  // a fresh candidate: no educations, no taggings, no touch events
  const email = `fw.shape.${Date.now()}@example.com`;
  const made = await c.expect('create for shapes', 'POST', '/candidates', 201, doc('candidates', { email }));
  const id = String(obj(made.body.data).id);
  report(
    m,
    'Location header on POST /candidates',
    (made.headers.get('location') ?? '').endsWith(`/candidates/${id}`),
    String(made.headers.get('location')),
  );
  const one = await c.call('GET', `/candidates/${id}`);
  const data = obj(one.body.data);
  const rels = obj(data.relationships);
  report(m, 'to-many relationship is a JSON:API relationship object', Array.isArray(obj(rels.resumes).data), JSON.stringify(rels.resumes));
  report(m, 'absent to-one is {"data": null}', 'data' in obj(rels.first_touch_event) && obj(rels.first_touch_event).data === null);
  const lazy = obj(rels.educations);
  report(
    m,
    'empty lazy relationship is links-only',
    !('data' in lazy) && String(obj(lazy.links).related).endsWith(`/candidates/${id}/educations`),
    JSON.stringify(lazy),
  );
  const included = await c.call('GET', `/candidates/${id}?include=educations`);
  const incRel = obj(obj(obj(included.body.data).relationships).educations);
  report(m, 'included relationship carries data even when empty', Array.isArray(incRel.data) && arr(incRel.data).length === 0);
  report(m, '`included` left out when nothing is related', !('included' in included.body));
  const full = obj(obj(obj((await c.call('GET', '/candidates/1001')).body.data).relationships));
  const edu = obj(full.educations);
  report(
    m,
    'where related records exist the pairs are sent (part 1)',
    arr(edu.data).length > 0 && arr(edu.data).every((l) => typeof obj(l).id === 'string' && typeof obj(l).type === 'string'),
  );
  const touch = obj(obj(full.first_touch_event).data);
  report(m, 'to-one is {"data": {id, type}}', typeof touch.id === 'string' && touch.type === 'candidate_events');
  report(m, 'resource links.self', obj(data.links).self === `${c.p.baseUrl}/candidates/${id}`);
  report(m, 'top-level jsonapi member', obj(one.body.jsonapi).version === '1.0');
  report(m, 'no empty meta on a single resource', !('meta' in one.body));

  // DateTime objects with microseconds, Django's naturaltime
  const created = obj(obj(data.attributes).created_at);
  report(m, 'utc with microseconds', US_UTC.test(String(created.utc)), String(created.utc));
  report(m, 'local with microseconds and offset', /\.\d{6}[+-]\d{2}:\d{2}$/.test(String(created.local)), String(created.local));
  report(m, 'epoch, local_epoch integers', Number.isInteger(created.epoch) && Number.isInteger(created.local_epoch));
  report(m, 'ago in naturaltime wording', /^(now|an? \w+ ago|\d+ \w+ ago|\d+ seconds ago)$/.test(String(created.ago)), String(created.ago));
  const old = obj(obj(obj((await c.call('GET', '/candidates/1001')).body.data).attributes).created_at);
  report(m, 'ago of an old record: two adjacent units', /^\d+ \w+(, \d+ \w+)? ago$/.test(String(old.ago)), String(old.ago));

  // microsecond-exact date-time filters (Django parse_datetime)
  const updated = String(obj(obj(data.attributes).updated_at).utc);
  const enc = encodeURIComponent;
  const mail = `&filter[email][eq]=${enc(email)}`;
  const gte = await c.call('GET', `/candidates?filter[updated_at][gte]=${enc(updated)}${mail}`);
  const lt = await c.call('GET', `/candidates?filter[updated_at][lt]=${enc(updated)}${mail}`);
  const micro = Number(updated.slice(20, 26)) + 1;
  const later = `${updated.slice(0, 20)}${String(micro).padStart(6, '0')}Z`;
  const ltLater = await c.call('GET', `/candidates?filter[updated_at][lt]=${enc(later)}${mail}`);
  report(
    m,
    'updated_at filters compare microseconds',
    ids(gte.body.data).join() === id && ids(lt.body.data).length === 0 && ids(ltLater.body.data).join() === id,
    `${ids(gte.body.data).length}/${ids(lt.body.data).length}/${ids(ltLater.body.data).length}`,
  );
  await c.expect('date alone in a date-time filter', 'GET', '/candidates?filter[updated_at][lt]=2025-06-01', 200);
  const space = await c.expect('`+` arrived as a space', 'GET', '/candidates?filter[updated_at][lt]=2025-06-01T00:00:00 00:00', 400);
  report(m, 'filter refusal is a django-filter field dictionary', Array.isArray(space.body['filter[updated_at][lt]']), space.text);
  const capital = await allCandidateIds(c, '&filter[archived]=True');
  report(m, 'filter[archived]=True (Django boolean)', capital.length === 4, `${capital.length}`);
  const kind = await c.expect('unknown event kind', 'GET', '/candidates/1001/events?filter[kind]=dance', 400);
  report(
    m,
    'unknown kind answered as a choice error',
    String(arr(kind.body['filter[kind]'])[0]).startsWith('Select a valid choice.'),
    kind.text,
  );
  const noEmail = await c.expect('filter[email][eq] not an address', 'GET', '/candidates?filter[email][eq]=nobody', 200);
  report(m, 'filter[email][eq] not an address finds nothing', arr(noEmail.body.data).length === 0);
  await c.expect('unknown query parameter ignored', 'GET', '/candidates?colour=red', 200);

  // DRF pagination
  const total = Number(obj(obj((await c.call('GET', '/candidates?page=1')).body.meta).pagination).count);
  const pages = Math.ceil(total / 5);
  const page = await c.expect('page 2', 'GET', '/candidates?page=2&per_page=5', 200);
  const pg = obj(obj(page.body.meta).pagination);
  report(
    m,
    'meta.pagination {page, pages, count}',
    pg.page === 2 && pg.pages === pages && pg.count === total && total >= 24,
    JSON.stringify(pg),
  );
  const links = obj(page.body.links);
  report(
    m,
    'links self/first/prev/next/last',
    String(links.first).includes('page=1') &&
      String(links.prev).includes('page=1') &&
      String(links.next).includes('page=3') &&
      String(links.last).includes(`page=${pages}`),
    JSON.stringify(links),
  );
  const past = await c.expect('page past the last', 'GET', `/candidates?page=${pages + 1}&per_page=5`, 404);
  report(m, 'DRF "Invalid page."', past.text === DRF_INVALID_PAGE, past.text);
  await c.expect('page=abc', 'GET', '/candidates?page=abc', 404);
  await c.expect('page=0', 'GET', '/lists?page=0', 404);
  const last = await c.expect('page=last', 'GET', '/candidates?page=last&per_page=5', 200);
  report(m, 'page=last is the last page', obj(obj(last.body.meta).pagination).page === pages && obj(last.body.links).next === null);
  const empty = await c.expect('page 1 of an empty list', 'GET', `/candidates/${id}/educations?page=1`, 200);
  report(m, 'an empty first page is 200 []', arr(empty.body.data).length === 0);
  await c.expect('page 2 of an empty list', 'GET', `/candidates/${id}/educations?page=2`, 404);
  for (let n = total; n <= 100; n += 1) await c.call('POST', '/candidates', doc('candidates', { email: `bulk.${n}.${email}` }));
  const clamp = await c.expect('per_page=500 clamped', 'GET', '/candidates?page=1&per_page=500', 200);
  const clampPages = obj(obj(clamp.body.meta).pagination);
  report(
    m,
    'per_page above 100 is clamped to 100, not refused',
    arr(clamp.body.data).length === 100 && clampPages.pages === 2 && Number(clampPages.count) > 100,
    JSON.stringify(clampPages),
  );
  await c.expect('per_page=abc is the default', 'GET', '/candidates?page=1&per_page=abc', 200);
  await c.expect('cap counts per_page as asked', 'GET', '/candidates?filter[archived]=false&page=21&per_page=500', 400);
  const badCursor = await c.expect('undecodable cursor', 'GET', '/candidates?cursor=%%%', 404);
  report(m, 'DRF "Invalid cursor"', badCursor.body.detail === 'Invalid cursor', badCursor.text);
  let cursor: string | null = null;
  let lastMeta: J = {};
  for (let n = 0; n < 20; n += 1) {
    const r = await c.call('GET', `/candidates?per_page=10${cursor === null ? '' : `&cursor=${cursor}`}`);
    lastMeta = obj(r.body.meta);
    const next = obj(r.body.links).next;
    cursor = typeof lastMeta.next_cursor === 'string' ? lastMeta.next_cursor : null;
    if (cursor !== null && !String(next).includes(`cursor=${cursor}`)) report(m, 'links.next carries the cursor', false, String(next));
    if (cursor === null) break;
  }
  report(m, 'last cursor page: next_cursor null', 'next_cursor' in lastMeta && lastMeta.next_cursor === null);

  // DRF error bodies
  const e401 = await c.call('GET', '/candidates', { auth: false });
  report(
    m,
    '401 "Authentication credentials were not provided."',
    e401.body.detail === 'Authentication credentials were not provided.',
    e401.text,
  );
  const bad = await c.call('GET', '/candidates', { headers: c.auth('nope') });
  report(
    m,
    '401 "Invalid username/password."',
    bad.body.detail === 'Invalid username/password.' && (bad.headers.get('www-authenticate') ?? '').startsWith('Basic'),
  );
  const e404 = await c.call('GET', '/candidates/999999');
  report(m, '404 "No Candidate matches the given query."', e404.body.detail === 'No Candidate matches the given query.', e404.text);
  await c.expect('a non-numeric id still needs credentials', 'GET', '/candidates/abc', 401, { auth: false });
  const e405 = await c.expect('PUT on candidates', 'PUT', '/candidates', 405);
  report(
    m,
    '405 detail and Allow',
    e405.body.detail === 'Method "PUT" not allowed.' && (e405.headers.get('allow') ?? '').includes('POST'),
    e405.text,
  );
  const html = await c.expect('unknown path without credentials', 'GET', '/widgets', 404, { auth: false });
  report(m, 'unknown path: Django HTML 404', html.type.startsWith('text/html') && html.text.includes('<h1>Not Found</h1>'), html.type);
  const parse = await c.expect('invalid JSON', 'POST', '/candidates', 400, { raw: '{"data": ' });
  report(m, '400 "JSON parse error - ..."', String(parse.body.detail).startsWith('JSON parse error - '), parse.text);
  const media = await c.expect('text/plain body', 'POST', '/candidates', 415, {
    body: doc('candidates', { email }).body,
    headers: { 'content-type': 'text/plain' },
  });
  report(m, '415 "Unsupported media type ..."', String(media.body.detail).startsWith('Unsupported media type "text/plain"'), media.text);
  await c.expect('application/json body accepted', 'POST', '/candidates', 201, {
    body: doc('candidates', { email: `json.${email}` }).body,
    headers: { 'content-type': 'application/json' },
  });
  const emptyBody = await c.expect('empty body', 'POST', '/candidates', 422, { raw: '' });
  report(
    m,
    'empty body: {"data": ["This field is required."]}',
    JSON.stringify(emptyBody.body) === '{"data":["This field is required."]}',
    emptyBody.text,
  );

  // serializer: all errors at once, coercion, null, trimming, bounds, HTML
  const many = await c.expect(
    'several invalid fields',
    'POST',
    '/candidates',
    422,
    doc('candidates', { email: 'nope', first_name: null, phone_number: 'call me', tag_values: 'vip' }),
  );
  report(
    m,
    'every field error at once',
    arr(many.body.email)[0] === 'Enter a valid email address.' &&
      arr(many.body.first_name)[0] === 'This field may not be null.' &&
      arr(many.body.phone_number)[0] === 'Enter a valid phone number.' &&
      arr(many.body.tag_values)[0] === 'Expected a list of items but got type "str".',
    many.text,
  );
  const missing = await c.expect('without email', 'POST', '/candidates', 422, doc('candidates', {}));
  report(m, '{"email": ["This field is required."]}', arr(missing.body.email)[0] === 'This field is required.', missing.text);
  const dup = await c.expect('duplicate e-mail', 'POST', '/candidates', 422, doc('candidates', { email }));
  report(m, 'unique e-mail refusal', arr(dup.body.email)[0] === 'candidate with this email already exists.', dup.text);
  await c.expect(
    'first_name of 101 characters',
    'POST',
    '/candidates',
    422,
    doc('candidates', { email: `a.${email}`, first_name: 'x'.repeat(101) }),
  );
  await c.expect(
    'phone_number of 31 characters',
    'POST',
    '/candidates',
    422,
    doc('candidates', { email: `b.${email}`, phone_number: '1'.repeat(31) }),
  );
  await c.expect('first_name true', 'POST', '/candidates', 422, doc('candidates', { email: `c.${email}`, first_name: true }));
  const html2 = await c.expect(
    'HTML in names and tags',
    'POST',
    '/candidates',
    201,
    doc('candidates', {
      email: `d.${email}`,
      first_name: '  <b>Bo</b> & "Co"  ',
      last_name: 42,
      phone_number: '+1 (617) 555-0100 ext 12',
      tag_values: ['<i>vip</i>', ' plain '],
    }),
  );
  const a = obj(obj(obj((await c.call('GET', `/candidates/${String(obj(html2.body.data).id)}`)).body.data).attributes));
  report(m, 'names trimmed and HTML-escaped', a.first_name === '&lt;b&gt;Bo&lt;/b&gt; &amp; &quot;Co&quot;', String(a.first_name));
  report(m, 'a number for a string is coerced', a.last_name === '42', String(a.last_name));
  report(m, 'tags stripped of markup and trimmed', arr(a.tags).join() === 'vip,plain', JSON.stringify(a.tags));
  const tag = await c.expect(
    'tag with markup',
    'POST',
    `/candidates/${id}/tags`,
    200,
    doc('taggings', { name: '<script>alert</script>x' }),
  );
  report(m, 'tag name stripped', obj(obj(tag.body.data).attributes).name === 'alertx', tag.text);
  await c.expect('tag that is only markup', 'POST', `/candidates/${id}/tags`, 422, doc('taggings', { name: '<b></b>' }));
  await c.expect('tag of 256 characters', 'POST', `/candidates/${id}/tags`, 422, doc('taggings', { name: 'x'.repeat(256) }));
  const removed = await c.expect('remove tag', 'DELETE', `/candidates/${id}/tags/${String(obj(tag.body.data).id)}`, 200);
  report(m, 'DELETE tag: head :ok (no body)', removed.text === '' && removed.type === '', removed.text);
  const patched = await c.expect(
    'PATCH escapes',
    'PATCH',
    `/candidates/${id}`,
    200,
    doc('candidates', { first_name: 'A<B', skills: ['<u>Go</u>'] }),
  );
  const pa = obj(obj(patched.body.data).attributes);
  report(m, 'PATCH escapes names and strips skills', pa.first_name === 'A&lt;B' && arr(pa.skills).join() === 'Go', JSON.stringify(pa));
  await c.expect('PATCH null name', 'PATCH', `/candidates/${id}`, 422, doc('candidates', { last_name: null }));
  await c.expect('PATCH with another type', 'PATCH', `/candidates/${id}`, 409, doc('people', { first_name: 'Q' }));
  await c.expect('PATCH with another id', 'PATCH', `/candidates/${id}`, 409, {
    body: { data: { type: 'candidates', id: '1', attributes: {} } },
  });
  await c.expect('POST with another type (Rule 1 keeps 422)', 'POST', '/candidates', 422, doc('people', { email: `e.${email}` }));

  // educations and employments
  const ed = await c.expect(
    'education with loose date',
    'POST',
    `/candidates/${id}/educations`,
    201,
    doc('educations', { school: { name: 'MIT & co' }, start_date: '2019-1-5', end_date: '2018-12-31' }),
  );
  const ea = obj(obj(ed.body.data).attributes);
  report(
    m,
    'date normalised, end before start allowed, name escaped',
    ea.start_date === '2019-01-05' && ea.end_date === '2018-12-31' && obj(ea.school).name === 'MIT &amp; co',
    JSON.stringify(ea),
  );
  const bare = await c.expect('school as a string', 'POST', `/candidates/${id}/educations`, 422, doc('educations', { school: 'MIT' }));
  report(
    m,
    'nested serializer error',
    arr(obj(bare.body.school).non_field_errors)[0] === 'Invalid data. Expected a dictionary, but got str.',
    bare.text,
  );
  const blank = await c.expect(
    'blank company name',
    'POST',
    `/candidates/${id}/employments`,
    422,
    doc('employments', { company: { name: '   ' } }),
  );
  report(
    m,
    'blank name: {"company": {"name": ["This field may not be blank."]}}',
    arr(obj(blank.body.company).name)[0] === 'This field may not be blank.',
    blank.text,
  );
  await c.expect(
    'school name of 256 characters',
    'POST',
    `/candidates/${id}/educations`,
    422,
    doc('educations', { school: { name: 'x'.repeat(256) } }),
  );

  // files
  const fileDoc = (attributes: J, options?: J): { body: J } => ({
    body: { data: { type: 'candidate_files', attributes, ...(options ? { options } : {}) } },
  });
  const b64 = Buffer.from('hello resume').toString('base64');
  const uri = await c.expect(
    'data: URI',
    'POST',
    `/candidates/${id}/candidate_files`,
    201,
    fileDoc({ filename: 'my cv<1>.pdf', content: `data:application/pdf;base64,${b64}` }, { parse_resume: 'yes' }),
  );
  report(m, 'file name made valid', obj(obj(uri.body.data).attributes).filename === 'my_cv1.pdf', uri.text);
  await c.expect(
    'junk characters dropped',
    'POST',
    `/candidates/${id}/candidate_files`,
    201,
    fileDoc({ filename: 'a.txt', content: `%%${b64}%%` }),
  );
  const resumes = async (): Promise<number> => linkage((await relsOf(c, id)).resumes).length;
  const before = await resumes();
  for (const [label, content] of [
    ['unpadded', 'aGVsbG8'],
    ['empty', ''],
    ['only junk', '!!!!'],
    ['over 2.5 MB', Buffer.alloc(2_700_000, 1).toString('base64')],
  ] as const) {
    await c.expect(`content ${label}`, 'POST', `/candidates/${id}/candidate_files`, 422, fileDoc({ filename: 'a.txt', content }));
  }
  await c.expect('file name ..', 'POST', `/candidates/${id}/candidate_files`, 422, fileDoc({ filename: '..', content: b64 }));
  await c.expect(
    'parse_resume maybe',
    'POST',
    `/candidates/${id}/candidate_files`,
    422,
    fileDoc({ filename: 'a.txt', content: b64 }, { parse_resume: 'maybe' }),
  );
  report(m, 'refused files are not attached (Rule 2)', (await resumes()) === before, `${before}`);

  // Rails action bodies
  const listId = c.p.env.RM_LIST_ID ?? '';
  const put = await c.expect('add to list', 'PUT', `/lists/${listId}/candidates/${id}`, 201);
  report(m, 'PUT membership renders the list', obj(put.body.data).type === 'company_lists' && obj(put.body.data).id === listId, put.text);
  await c.expect('again', 'PUT', `/lists/${listId}/candidates/${id}`, 200);
  await c.expect('remove', 'DELETE', `/lists/${listId}/candidates/${id}`, 204);
  await c.expect('remove a non-member (part 3)', 'DELETE', `/lists/${listId}/candidates/${id}`, 204);
  const env = c.p.env;
  const queued = await c.expect(
    'anonymise',
    'DELETE',
    `/ats_integrations/${env.RM_ATS_INTEGRATION_ID ?? ''}/candidates/${env.RM_ATS_CANDIDATE_ID ?? ''}`,
    202,
  );
  report(m, '202: head :accepted (no body)', queued.text === '', queued.text);

  // HTTP defaults
  const head = await c.expect('HEAD', 'HEAD', '/candidates/1001', 200);
  report(m, 'HEAD has no body but a length', head.text === '' && Number(head.headers.get('content-length')) > 0);
  const options = await c.expect('OPTIONS', 'OPTIONS', '/candidates', 200);
  report(m, 'OPTIONS Allow', (options.headers.get('allow') ?? '') === 'GET, POST, HEAD, OPTIONS', String(options.headers.get('allow')));
  await c.expect('OPTIONS without credentials', 'OPTIONS', '/candidates', 401, { auth: false });
  const tagged = await c.call('GET', '/jobs');
  report(
    m,
    'security headers',
    tagged.headers.get('x-frame-options') === 'DENY' && tagged.headers.get('x-content-type-options') === 'nosniff',
  );
  const etag = tagged.headers.get('etag') ?? '';
  report(m, 'weak ETag on GET', etag.startsWith('W/"'), etag);
  const again = await c.call('GET', '/jobs', { headers: { 'if-none-match': etag } });
  report(m, 'If-None-Match answers 304', again.status === 304 && again.text === '', `${again.status}`);
  await c.expect('trailing slash', 'GET', '/candidates/1001/', 200);
}

/** Every choice of the alternate column (README.md, "alternate"), with the clear rules it must still keep. */
async function alternateChoices(c: Client): Promise<void> {
  const m = c.mode;
  const env = c.p.env;
  const enc = encodeURIComponent;
  // bare pairs, integer ids, null for what is absent
  const fresh = `alt.shape.${Date.now()}@example.com`;
  const made = await c.expect('create for shapes', 'POST', '/candidates', 201, doc('candidates', { email: fresh }));
  const data = obj(made.body.data);
  const id = String(data.id);
  report(m, 'ids are JSON integers', Number.isInteger(data.id), JSON.stringify(data.id));
  report(m, 'Location header', (made.headers.get('location') ?? '').endsWith(`/candidates/${id}`), String(made.headers.get('location')));
  const rels = obj(data.relationships);
  report(m, 'to-many relationship is a bare array of pairs', Array.isArray(rels.resumes), JSON.stringify(rels.resumes));
  report(m, 'absent to-one relationship is null', 'first_touch_event' in rels && rels.first_touch_event === null);
  const attrs = obj(data.attributes);
  report(m, 'absent optional values are null', attrs.first_name === null && attrs.phone_number === null && attrs.last_seen_at === null);
  const full = obj(obj((await c.call('GET', '/candidates/1001')).body.data).relationships);
  const pair = obj(arr(full.events)[0]);
  report(m, 'linkage ids are integers too', Number.isInteger(pair.id) && pair.type === 'candidate_events', JSON.stringify(pair));
  const withInc = await c.call('GET', `/candidates/${id}?include=educations`);
  report(m, '`included: []` when nothing is related', Array.isArray(withInc.body.included) && arr(withInc.body.included).length === 0);

  // RFC 7807 problem details
  const missing = await c.expect('problem details for 404', 'GET', '/candidates/999999', 404);
  report(
    m,
    'problem+json {type, title, status, detail}',
    missing.type === 'application/problem+json' && missing.body.type === 'about:blank' && missing.body.status === 404,
    missing.text,
  );
  const invalid = await c.expect('invalid e-mail', 'POST', '/candidates', 422, doc('candidates', { email: 'nope' }));
  const entry = obj(arr(invalid.body.errors)[0]);
  report(m, 'validation problem names the pointer', entry.pointer === '/data/attributes/email', invalid.text);

  // instants stored with microseconds, shown with milliseconds (truncated)
  const updated = String(obj(attrs.updated_at).utc);
  report(m, 'utc with milliseconds', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(updated), updated);
  const mail = `&filter[email][eq]=${enc(fresh)}`;
  const q = async (bound: string): Promise<number> => ids((await c.call('GET', `/candidates?${bound}${mail}`)).body.data).length;
  const later = new Date(Date.parse(updated) + 1).toISOString();
  const gte = await q(`filter[updated_at][gte]=${enc(updated)}`);
  const lt = await q(`filter[updated_at][lt]=${enc(updated)}`);
  const ltLater = await q(`filter[updated_at][lt]=${enc(later)}`);
  report(
    m,
    'gte shown selects, lt shown does not, lt shown + 1 ms selects',
    gte === 1 && lt === 0 && ltLater === 1,
    `${gte}/${lt}/${ltLater}`,
  );
  // a seeded event is stored some microseconds after the instant it shows: an inclusive bound at the shown instant may
  // leave it out (D75 finer-stored-truncated), one a millisecond later never does
  const events = arr((await c.call('GET', '/candidates/1001/events')).body.data).slice(0, 3);
  let leftOut = 0;
  let keptLater = 0;
  for (const event of events) {
    const shownAt = String(obj(obj(obj(event).attributes).created_at).utc);
    const evId = String(obj(event).id);
    const at = async (bound: string): Promise<boolean> =>
      ids((await c.call('GET', `/candidates/1001/events?filter[created_at][lte]=${enc(bound)}`)).body.data).includes(evId);
    if (!(await at(shownAt))) leftOut += 1;
    if (await at(new Date(Date.parse(shownAt) + 1).toISOString())) keptLater += 1;
  }
  report(
    m,
    'lte at the shown instant may leave an event out, lte 1 ms later never',
    leftOut > 0 && keptLater === events.length,
    `${leftOut}/${keptLater}`,
  );

  // archived and anonymised added by true; the env names one of each
  const archivedId = env.RM_ARCHIVED_CANDIDATE_ID ?? '';
  const anonymisedId = env.RM_ANONYMISED_CANDIDATE_ID ?? '';
  const withArchived = await allCandidateIds(c, '&filter[archived]=true');
  const plain = await allCandidateIds(c, '');
  report(m, 'RM_ARCHIVED_CANDIDATE_ID: added by true, not by default', withArchived.includes(archivedId) && !plain.includes(archivedId));
  const withAnon = await allCandidateIds(c, '&filter[anonymised]=true');
  report(m, 'RM_ANONYMISED_CANDIDATE_ID: added by true, not by default', withAnon.includes(anonymisedId) && !plain.includes(anonymisedId));
  const all = await c.call('GET', '/candidates/1001/messages');
  const outside = await c.call('GET', '/candidates/1001/messages?filter[conversation][exists]=false');
  report(m, 'conversation false: every message', arr(outside.body.data).length === arr(all.body.data).length);

  // pagination: a validated page and page size, the cap judged first, next_cursor "" at the end
  await c.expect('page 2 of an empty list', 'GET', `/candidates/${id}/educations?page=2`, 422);
  await c.expect('page 1 of an empty list', 'GET', `/candidates/${id}/educations?page=1`, 200);
  await c.expect('per_page above 100', 'GET', '/lists?page=1&per_page=101', 422);
  await c.expect('cap before the page size', 'GET', '/candidates?filter[archived]=true&page=2&per_page=10000', 400);
  const first = await c.call('GET', '/candidates?page=1');
  report(
    m,
    'default per_page 20',
    arr(first.body.data).length === 20 && obj(first.body.meta).per_page === 20,
    JSON.stringify(first.body.meta),
  );
  let cursor = '';
  let pages = 0;
  let lastMeta: J = {};
  do {
    const r = await c.call('GET', `/candidates?per_page=7${cursor === '' ? '' : `&cursor=${cursor}`}`);
    lastMeta = obj(r.body.meta);
    cursor = String(lastMeta.next_cursor ?? '');
    pages += 1;
  } while (cursor !== '' && pages < 20);
  report(m, 'last cursor page: next_cursor ""', lastMeta.next_cursor === '' && pages < 20, JSON.stringify(lastMeta));
  await c.expect('undecodable cursor', 'GET', '/candidates?cursor=%%%', 400);

  // stored text: NFC names in a Latin-1 column, lower-cased e-mail, E.164 phones
  const mixed = `Alt.Mixed.${Date.now()}@Example.COM`;
  const nfd = 'Jose\u0301';
  const stored = await c.expect(
    'create with decomposed name',
    'POST',
    '/candidates',
    201,
    doc('candidates', { email: mixed, first_name: nfd, last_name: "O'Brien", phone_number: '+44 20 7123 4567' }),
  );
  const sa = obj(obj(stored.body.data).attributes);
  report(m, 'name stored in NFC', sa.first_name === 'José' && sa.last_name === "O'Brien", JSON.stringify(sa.first_name));
  report(m, 'e-mail stored lower-cased', sa.email === mixed.toLowerCase(), String(sa.email));
  report(m, 'phone stored in E.164', sa.phone_number === '+442071234567', String(sa.phone_number));
  const byMail = await c.call('GET', `/candidates?filter[email][eq]=${enc(mixed)}`);
  report(m, 'filter[email][eq] matches the address as sent', ids(byMail.body.data).join() === String(obj(stored.body.data).id));
  const before = (await allCandidateIds(c, '')).length;
  const refused = await c.expect(
    'name outside Latin-1',
    'POST',
    '/candidates',
    422,
    doc('candidates', { email: `li.${mixed}`, last_name: '李' }),
  );
  report(m, 'refusal names last_name', obj(arr(refused.body.errors)[0]).pointer === '/data/attributes/last_name', refused.text);
  report(m, 'nothing stored by the refused write', (await allCandidateIds(c, '')).length === before);
  await c.expect('PATCH name outside Latin-1', 'PATCH', `/candidates/${id}`, 422, doc('candidates', { first_name: 'Nguyễn' }));
  const notPatched = obj(obj((await c.call('GET', `/candidates/${id}`)).body.data).attributes);
  report(m, 'refused PATCH changes nothing', notPatched.first_name === null);
  const typed = await c.call('POST', '/candidates', doc('candidates', { email: `odd.${mixed}`, phone_number: 'ext. 12' }));
  report(m, 'a phone number libphonenumber cannot read is stored as sent', obj(obj(typed.body.data).attributes).phone_number === 'ext. 12');

  // live jobs are open for applications; drafts are not found
  const jobs = ids((await c.call('GET', '/jobs?per_page=50')).body.data);
  report(m, 'a live job past its closing date is not listed', jobs.length === 5 && !jobs.includes('3007'), jobs.join());
  await c.expect('live job past its closing date', 'GET', '/jobs/3007', 404);
  await c.expect('known job', 'GET', `/jobs/${env.RM_JOB_ID ?? ''}`, 200);

  // request bodies: data.type required (any name), both JSON media types
  await c.expect('tag body without data.type', 'POST', `/candidates/${id}/tags`, 422, { body: { data: { attributes: { name: 'x' } } } });
  await c.expect('education with another type name', 'POST', `/candidates/${id}/educations`, 200, {
    body: { data: { type: 'candidate_educations', attributes: { school: { name: 'Somewhere' } } } },
  });
  await c.expect('application/json body', 'POST', `/candidates/${id}/tags`, 200, {
    body: { data: { type: 'taggings', attributes: { name: 'json' } } },
    headers: { 'content-type': 'application/json' },
  });
  await c.expect('PATCH with the integer id', 'PATCH', `/candidates/${id}`, 200, {
    body: { data: { type: 'candidates', id: Number(id), attributes: { last_name: 'Same' } } },
  });
  await c.expect('PATCH with another id', 'PATCH', `/candidates/${id}`, 422, {
    body: { data: { type: 'candidates', id: 1, attributes: { last_name: 'Other' } } },
  });
  // candidate files: Ruby's Base64.decode64 takes any non-empty string
  await c.expect('content with characters outside base64', 'POST', `/candidates/${id}/candidate_files`, 201, {
    body: { data: { type: 'candidate_files', attributes: { filename: 'cv.txt', content: '%%% not base64 %%%' } } },
  });
  const big = Buffer.alloc(21 * 1024 * 1024, 1).toString('base64');
  await c.expect('file over 20 MiB', 'POST', `/candidates/${id}/candidate_files`, 422, {
    body: { data: { type: 'candidate_files', attributes: { filename: 'big.bin', content: big } } },
  });
  report(
    m,
    'refused files are not attached',
    arr(obj(obj((await c.call('GET', `/candidates/${id}`)).body.data).relationships).resumes).length === 1,
  );
  await c.expect('kind given once without brackets', 'GET', '/candidates/1001/events?filter[kind]=view', 200);
  await c.expect('unknown kind', 'GET', '/candidates/1001/events?filter[kind][]=dance', 400);
}

async function run(mode: PersonaMode): Promise<void> {
  const p = await startRmPersona(mode);
  const c = new Client(p, mode);
  const required = [
    'RM_BASE_URL',
    'RM_API_KEY',
    'RM_API_SECRET',
    'RM_LIST_ID',
    'RM_JOB_ID',
    'RM_RECRUITMENT_EVENT_ID',
    'RM_JOB_APPLICATION_ID',
    'RM_ATS_INTEGRATION_ID',
    'RM_ATS_CANDIDATE_ID',
    'RM_FILTER_CAP',
  ];
  report(
    mode,
    'env holds every RM variable',
    required.every((k) => (p.env[k] ?? '') !== ''),
    JSON.stringify(p.env),
  );
  try {
    const id = await candidates(c);
    await subRecords(c, id);
    await catalog(c, id);
    if (mode === 'frameworks') await frameworksChoices(c);
    if (mode === 'alternate') await alternateChoices(c);
  } finally {
    const t = Date.now();
    await p.close();
    report(mode, 'closes promptly with keep-alive connections open', Date.now() - t < 2000, `${Date.now() - t} ms`);
  }
}

// No top-level await: the package is CommonJS.
void (async () => {
  const only = process.argv.slice(2).filter((a): a is PersonaMode => ['lenient', 'strict', 'frameworks', 'alternate'].includes(a));
  for (const mode of only.length > 0 ? only : (['lenient', 'strict', 'frameworks', 'alternate'] as const)) await run(mode);
  console.log(`\n${passes} passed, ${failures} failed`);
  process.exitCode = failures > 0 ? 1 : 0;
})();
