// Self-check (run: npx tsx servers/personas/rm/selfcheck.ts): starts each persona, exercises every operation of part 4's
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
    return { status: r.status, body: parsed, text, type: r.headers.get('content-type') ?? '' } satisfies Res;
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
  const list = await c.expect('list', 'GET', '/candidates', 200);
  report(m, 'success media type', list.type.startsWith(s ? 'application/vnd.api+json' : 'application/json'), list.type);
  await c.expect('no credentials', 'GET', '/candidates', 401, { auth: false });
  await c.expect('wrong secret', 'GET', '/candidates', 401, { headers: c.auth('nope') });
  const noDate = { authorization: c.auth().authorization ?? '', 'x-hmac-date': '' };
  await c.expect('without x-hmac-date', 'GET', '/candidates', s ? 401 : 200, { auth: false, headers: noDate });
  await c.expect('with date instead of x-hmac-date', 'GET', '/candidates', 200, {
    auth: false,
    headers: { authorization: noDate.authorization, date: new Date().toUTCString() },
  });
  const e401 = await c.call('GET', '/candidates', { auth: false });
  report(m, '401 body format', s ? Array.isArray(e401.body.errors) : e401.type.startsWith('text/plain'), e401.type);

  const unarchived = await allCandidateIds(c, '');
  const archivedOnly = await allCandidateIds(c, '&filter[archived]=true');
  report(m, 'default excludes archived and anonymised', unarchived.length === 24, `${unarchived.length}`);
  const archivedWanted = s ? 4 : 28;
  report(m, `filter[archived]=true (${s ? 'only' : 'too'})`, archivedOnly.length === archivedWanted, `${archivedOnly.length}`);
  const anonymised = await allCandidateIds(c, '&filter[anonymised]=true');
  report(m, 'filter[anonymised]=true', anonymised.length === (s ? 2 : 26), `${anonymised.length}`);
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
  await c.expect('filter[archived]=maybe', 'GET', '/candidates?filter[archived]=maybe', s ? 400 : 200);
  await c.expect('unknown filter', 'GET', '/candidates?filter[colour][eq]=red', s ? 400 : 200);
  await c.expect('unknown include', 'GET', '/candidates?include=widgets', s ? 400 : 200);
  await c.expect('per_page=500', 'GET', '/candidates?per_page=500', s ? 400 : 200);
  await c.expect('filter + page*per_page = cap', 'GET', '/candidates?filter[archived]=false&page=100&per_page=100', 200);
  await c.expect('filter + page*per_page > cap', 'GET', '/candidates?filter[archived]=false&page=101&per_page=100', 400);
  await c.expect('no filter, page past the end', 'GET', '/candidates?page=9999&per_page=10', 200);

  // cursor walk
  const walked: string[] = [];
  let cursor: string | null = null;
  for (let n = 0; n < 20; n += 1) {
    const qs: string = cursor === null ? '?per_page=6' : `?per_page=6&cursor=${encodeURIComponent(cursor)}`;
    const r = await c.call('GET', `/candidates${qs}`);
    walked.push(...ids(r.body.data));
    const next = obj(r.body.meta).next_cursor;
    cursor = typeof next === 'string' ? next : null;
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
      back.phone_number === '+44 20 7946 0000' &&
      arr(back.tags).join() === 'run-1,vip',
    JSON.stringify(back.tags),
  );
  await c.expect('without email', 'POST', '/candidates', 422, doc('candidates', { first_name: 'x' }));
  await c.expect('invalid email', 'POST', '/candidates', 422, doc('candidates', { email: 'not-an-email' }));
  await c.expect('no credentials', 'POST', '/candidates', 401, anon('candidates', { email }));
  await c.expect('invalid JSON', 'POST', '/candidates', 400, { raw: '{"data": ' });
  await c.expect('without data.type', 'POST', '/candidates', s ? 422 : 201, { body: { data: { attributes: { email: `t.${email}` } } } });
  await c.expect('text/plain body', 'POST', '/candidates', s ? 415 : 201, {
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
  await c.expect('skills not an array', 'PATCH', `/candidates/${id}`, s ? 422 : 200, doc('candidates', { skills: 7 }));
  await c.expect('without data.type', 'PATCH', `/candidates/${id}`, s ? 422 : 200, { body: { data: { attributes: { last_name: 'Q' } } } });
  return id;
}

async function subRecords(c: Client, id: string): Promise<void> {
  const m = c.mode;
  const s = m === 'strict';
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
  report(
    m,
    'filter[kind] repeated and comma-joined agree',
    kindsA.length > 0 && ids(a.body.data).join() === ids(b.body.data).join() && kindsA.every((k) => k === 'view' || k === 'ats'),
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
  await c.expect('without name', 'POST', `/candidates/${id}/tags`, s ? 422 : 200, doc('taggings', {}));
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
  const before = arr((await relsOf(c, id)).resumes).length;
  await c.expect(
    'not base64',
    'POST',
    `/candidates/${id}/candidate_files`,
    422,
    doc('candidate_files', { filename: 'cv.txt', content: '%%% not base64 %%%' }),
  );
  const afterFiles = arr((await relsOf(c, id)).resumes).length;
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
    const created = await c.expect('create', 'POST', `/candidates/${id}/${rel}`, s ? 201 : 200, {
      body: { data: { type, attributes: { [nested]: { name: 'Somewhere' }, start_date: '2019-01-01', end_date: '2020-02-02' } } },
    });
    const recId = String(obj(created.body.data).id);
    await c.expect('blank name', 'POST', `/candidates/${id}/${rel}`, 422, doc(type, { [nested]: { name: ' ' } }));
    await c.expect('free-form date', 'POST', `/candidates/${id}/${rel}`, s ? 422 : 200, {
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
  const s = m === 'strict';
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
  await c.expect('draft', 'GET', '/jobs/3006', s ? 404 : 200);
  await c.expect('no credentials', 'GET', `/jobs/${env.RM_JOB_ID ?? ''}`, 401, { auth: false });
  const lists = await c.expect('list', 'GET', '/lists?page=1&per_page=10', 200);
  await c.expect('no credentials', 'GET', '/lists', 401, { auth: false });
  const listId = env.RM_LIST_ID ?? '';
  const countOf = async (): Promise<number> => {
    const r = await c.call('GET', '/lists?per_page=50');
    return Number(obj(obj(arr(r.body.data).find((l) => obj(l).id === listId)).attributes).count);
  };
  const count0 = await countOf();
  report(
    m,
    'lists are company_lists',
    arr(lists.body.data).every((l) => obj(l).type === 'company_lists'),
  );
  await c.expect('add', 'PUT', `/lists/${listId}/candidates/${id}`, 201);
  await c.expect('again', 'PUT', `/lists/${listId}/candidates/${id}`, 200);
  const rel = arr((await relsOf(c, id)).lists);
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
  } finally {
    const t = Date.now();
    await p.close();
    report(mode, 'closes promptly with keep-alive connections open', Date.now() - t < 2000, `${Date.now() - t} ms`);
  }
}

// No top-level await: the package is CommonJS.
void (async () => {
  for (const mode of ['lenient', 'strict'] as const) await run(mode);
  console.log(`\n${passes} passed, ${failures} failed`);
  process.exitCode = failures > 0 ? 1 : 0;
})();
