/**
 * Activity records (000 §6): candidate events and job application events (000 §4 Operations; Filters
 * filter[kind], filter[created_at][gte]/[lte]; include location, form_submission, ...), and candidate
 * messages (filter[conversation][exists]; include from, to, conversation; page, per_page).
 * The records are read from candidates found on the first pages (bounded search), or from
 * RM_JOB_APPLICATION_ID; unknown ids (404) are in catalogue-rules.spec.ts.
 */
import { test } from '../fixtures';
import type { OperationSpec } from '../../src/catalogue/types';
import { expectDocumented, expectThat, type ClauseOf } from '../../src/checks';
import { pathOf, type ApiClient, type QueryValue } from '../../src/http/client';
import type { Exchange } from '../../src/http/exchange';
import { compareInstants, dataOf, relationshipRefs, short, utcOf, type Resource } from '../support/rm-doc';
import { expectIncluded, type IncludeTarget } from '../support/rm-include';
import { discoverCandidateWithEvents, discoverJobApplication, findCandidatesWith } from '../support/rm-discovery';
import { createCandidate } from '../support/rm-records';
import { sendRepeatedKeys, walkNumeric } from '../support/rm-walk';

type Observe = (category: 'other' | 'status', subject: string, value: string) => void;

async function read(
  rm: ApiClient,
  op: OperationSpec,
  params: Record<string, string>,
  query: Record<string, QueryValue> = {},
): Promise<Resource[]> {
  const ex = await rm.call(op.id, { params, query });
  expectDocumented(ex, op, '200');
  return dataOf(ex);
}

/** How a target takes the array filter[kind]: comma-joined (000 §4: arrays "sent comma-separated"), or repeated keys. */
type KindForm = 'comma' | 'repeated';

/** The rows of 000 §4 Filters that the two event operations cite. */
interface EventClauses {
  kind: ClauseOf<'filter'>;
  /** null: the bounds are only "named as accepted" (job application events): their effect is observed. */
  createdAt: ClauseOf<'filter'> | null;
}

/**
 * GET with filter[kind] = `kinds`: first comma-joined, and when the target refuses that form (4xx),
 * again with the repeated deep-object form filter[kind][]=a&filter[kind][]=b. Fails only when
 * neither form is answered 200.
 */
async function readKinds(
  rm: ApiClient,
  op: OperationSpec,
  params: Record<string, string>,
  kinds: readonly string[],
  form: { value: KindForm | null },
  clause: ClauseOf<'filter'>,
): Promise<Resource[]> {
  const where = pathOf(op, params);
  const repeated = (): Promise<Exchange> => sendRepeatedKeys(rm, op, params, [['filter[kind]', kinds]]);
  if (form.value === 'repeated') {
    const ex = await repeated();
    expectDocumented(ex, op, '200');
    return dataOf(ex);
  }
  const comma = await rm.call(op.id, { params, query: { 'filter[kind]': kinds } });
  const status = comma.response?.status ?? 0;
  if (form.value === 'comma' || status < 400 || status >= 500) {
    expectDocumented(comma, op, '200');
    form.value = 'comma';
    return dataOf(comma);
  }
  const again = await repeated();
  const why = `${where}: filter[kind]=${kinds.join(',')} answered ${status} and filter[kind][]=... answered ${String(again.response?.status)}`;
  expectThat(again.response?.status === 200, 'filter', why, clause);
  expectDocumented(again, op, '200');
  form.value = 'repeated';
  return dataOf(again);
}

/** The shared checks of the two event operations: each kind, two kinds at once, the created_at bounds, each include. */
async function checkEvents(
  rm: ApiClient,
  op: OperationSpec,
  params: Record<string, string>,
  observe: Observe,
  clauses: EventClauses,
): Promise<void> {
  const where = pathOf(op, params);
  const events = await read(rm, op, params);
  if (events.length === 0)
    observe('other', `${op.method} ${op.path}`, 'the record read has no events: filters checked for status and shape only');

  // filter[kind]: each value the document lists; the events returned are exactly those of that kind.
  const kindFilter = op.filters.find((f) => f.name === 'filter[kind]');
  const kinds = ((kindFilter?.schema as { items?: { enum?: unknown[] } } | undefined)?.items?.enum ?? []).map(String);
  expectThat(kinds.length > 0, 'setup', `${op.id}: the catalogue lists no kind values`, 'rm.op.candidate-events.list');
  const form: { value: KindForm | null } = { value: null };
  /** An answer that cannot have been cut to a default page size (000 §8: not shown): fewer records than the unfiltered one, or few. */
  const whole = (rows: readonly Resource[]): boolean => rows.length < events.length || events.length < 10;
  const byKind = new Map<string, Resource[]>();
  const selects = async (chosen: readonly string[]): Promise<Resource[]> => {
    const rows = await readKinds(rm, op, params, chosen, form, clauses.kind);
    const query = `${where}?filter[kind]=${chosen.join(',')}`;
    const other = rows.filter((e) => !chosen.includes(String(e.attributes.kind)));
    expectThat(
      other.length === 0,
      'filter',
      `${query} returned events of other kinds: ${short(other.map((e) => `${e.id} (${String(e.attributes.kind)})`))}`,
      clauses.kind,
    );
    const expected = events.filter((e) => chosen.includes(String(e.attributes.kind)));
    expectThat(
      expected.length === 0 || rows.length > 0,
      'filter',
      `${query} returned nothing, although ${short(expected.map((e) => e.id))} are of those kinds`,
      clauses.kind,
    );
    // Every one of them, unless both answers may be cut to a default page size (not shown, 000 §8).
    if (whole(rows)) {
      const missing = expected.filter((e) => !rows.some((r) => r.id === e.id));
      expectThat(
        missing.length === 0,
        'filter',
        `${query} left out events of those kinds: ${short(missing.map((e) => e.id))}`,
        clauses.kind,
      );
    }
    return rows;
  };
  for (const kind of kinds) byKind.set(kind, await selects([kind]));
  // An array of two kinds: the events of either, that is the union of the two answers for one kind each.
  const present = [...new Set(events.map((e) => String(e.attributes.kind)).filter((k) => kinds.includes(k)))];
  const pair = [present[0] ?? kinds[0] ?? 'view', present[1] ?? kinds.find((k) => k !== present[0]) ?? 'email'];
  const both = await selects(pair);
  const parts = pair.map((k) => byKind.get(k) ?? []);
  if ([both, ...parts].every(whole)) {
    const union = new Set(parts.flat().map((e) => e.id));
    const diff = [...union].filter((id) => !both.some((e) => e.id === id)).concat(both.map((e) => e.id).filter((id) => !union.has(id)));
    const why = `${where}?filter[kind]=${pair.join(',')} is not the union of filter[kind]=${pair[0] ?? ''} and filter[kind]=${pair[1] ?? ''}: ${short(diff)}`;
    expectThat(diff.length === 0, 'filter', why, clauses.kind);
  }
  observe('other', `${op.method} ${op.path} filter[kind] array form`, form.value ?? 'not determined');

  // filter[created_at][gte] and [lte]: bounds around the middle event, both inclusive.
  const stamped = events.flatMap((e) => {
    const at = utcOf(e, 'created_at');
    return at === null ? [] : [{ e, at }];
  });
  stamped.sort((a, b) => compareInstants(a.at, b.at) ?? 0);
  const middle = stamped[Math.floor(stamped.length / 2)];
  const t = middle?.at ?? new Date().toISOString();
  // A utc shown to the second may stand for any instant of that second: the upper bound that must
  // still hold the middle event is the end of its second.
  const tEnd = /\.\d+/.test(t) ? t : t.replace(/(Z|[+-]\d\d:?\d\d)$/, '.999$1');
  const cmp = (a: string, b: string): number => compareInstants(a, b) ?? 0;
  const bounds: { query: Record<string, string>; ok: (at: string) => boolean; rule: string }[] = [
    { query: { 'filter[created_at][gte]': t }, ok: (at) => cmp(at, t) >= 0, rule: `at or after ${t}` },
    { query: { 'filter[created_at][lte]': tEnd }, ok: (at) => cmp(at, tEnd) <= 0, rule: `at or before ${tEnd}` },
    {
      query: { 'filter[created_at][gte]': t, 'filter[created_at][lte]': tEnd },
      ok: (at) => cmp(at, t) >= 0 && cmp(at, tEnd) <= 0,
      rule: `from ${t} to ${tEnd}`,
    },
  ];
  for (const { query, ok, rule } of bounds) {
    const rows = await read(rm, op, params, query);
    const text = Object.entries(query)
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const outside = rows.filter((e) => {
      const at = utcOf(e, 'created_at');
      return at !== null && !ok(at);
    });
    const left = middle !== undefined && !rows.some((e) => e.id === middle.e.id);
    if (clauses.createdAt === null) {
      observe(
        'other',
        `${op.method} ${op.path} with ${Object.keys(query).join(' and ')}`,
        outside.length === 0 && !left ? 'the bounds hold' : 'the bounds are not applied as gte/lte',
      );
      continue;
    }
    expectThat(
      outside.length === 0,
      'filter',
      `${where} with ${text} returned events ${short(outside.map((e) => `${e.id} (${String(utcOf(e, 'created_at'))})`))}, not ${rule}`,
      clauses.createdAt,
    );
    expectThat(
      !left,
      'filter',
      `${where} with created_at ${rule} does not return event ${middle?.e.id ?? ''}, created at ${t}`,
      clauses.createdAt,
    );
  }

  // include: each value answers 200 with a valid body, and what the events name is embedded.
  for (const include of op.include) {
    const ex = await rm.call(op.id, { params, query: { include } });
    expectDocumented(ex, op, '200');
    expectIncluded(ex, include, {}, 'rm.include.events');
  }
}

test.describe('candidate events', () => {
  test('GET /candidates/{candidateId}/events answers 200; each kind filter, the created_at bounds and each include mean what 000 §4 says', async ({
    rm,
    target,
    covers,
    cleanup,
    observe,
  }) => {
    const op = covers('rm.candidate-events.list', '200');
    const found = await discoverCandidateWithEvents(rm);
    const candidateId = found ?? (await createCandidate(rm, target, cleanup, 'events'));
    await checkEvents(rm, op, { candidateId }, observe, { kind: 'rm.filter.kind', createdAt: 'rm.filter.created_at' });
  });

  test('GET /candidates/{candidateId}/events for a new candidate answers 200 @smoke', async ({ rm, target, covers, cleanup }) => {
    const op = covers('rm.candidate-events.list', '200');
    const candidateId = await createCandidate(rm, target, cleanup, 'events-new');
    await read(rm, op, { candidateId });
  });
});

test.describe('job application events', () => {
  test('GET /job_applications/{jobApplicationId}/events answers 200; each kind filter, the created_at bounds and each include mean what 000 §4 says', async ({
    rm,
    target,
    covers,
    observe,
  }) => {
    const op = covers('rm.job-application-events.list', '200');
    const jobApplicationId = await discoverJobApplication(rm, target);
    test.skip(
      jobApplicationId === null,
      "no job application on the target: set RM_JOB_APPLICATION_ID (none found through the candidates' job_applications relationships)",
    );
    if (jobApplicationId === null) return;
    await checkEvents(rm, op, { jobApplicationId }, observe, { kind: 'rm.filter.job-application-kind', createdAt: null });
  });
});

const MESSAGE_INCLUDES: Readonly<Record<string, IncludeTarget>> = {
  from: { relationships: ['from'], types: ['users'] },
  to: { relationships: ['to'], types: ['candidates'] },
  conversation: { relationships: ['conversation'], types: null },
};

/**
 * A candidate whose messages show both sides of filter[conversation][exists]: some in a conversation
 * and some in none, as include=conversation shows them (how a message shows its conversation is not
 * documented). Among the candidates of the first pages named by messages_to or messages_from
 * (bounded); else the one with the most messages; null when none has any.
 */
async function candidateWithMessages(rm: ApiClient, op: OperationSpec): Promise<string | null> {
  const ids: string[] = [];
  for (const name of ['messages_to', 'messages_from']) {
    for (const { candidate } of (await findCandidatesWith(rm, name, name, 3)).found)
      if (!ids.includes(candidate.id)) ids.push(candidate.id);
  }
  let most: { id: string; count: number } | null = null;
  for (const candidateId of ids.slice(0, 8)) {
    const messages = await read(rm, op, { candidateId }, { include: 'conversation', page: 1, per_page: 50 });
    const inOne = messages.filter((m) => (relationshipRefs(m, 'conversation')?.length ?? 0) > 0).length;
    if (inOne > 0 && inOne < messages.length) return candidateId;
    if (!most || messages.length > most.count) most = { id: candidateId, count: messages.length };
  }
  return most?.id ?? null;
}

test.describe('candidate messages', () => {
  test('GET /candidates/{candidateId}/messages answers 200; per_page, the conversation filter and each include mean what 000 §4 says', async ({
    rm,
    target,
    covers,
    cleanup,
    observe,
  }) => {
    const op = covers('rm.candidate-messages.list', '200');
    let candidateId = await candidateWithMessages(rm, op);
    if (candidateId === null) {
      observe(
        'other',
        'GET /candidates/{candidateId}/messages',
        'no candidate with messages on the first pages: checked for status and shape only',
      );
      candidateId = await createCandidate(rm, target, cleanup, 'messages');
    }
    const params = { candidateId };
    const where = pathOf(op, params);

    // page and per_page (000 §4 Operations).
    const pages = await walkNumeric(rm, op, {}, 1, 3, {}, params);
    pages.pages.forEach((page, n) => {
      expectThat(
        page.length <= 1,
        'pagination',
        `${where} page ${n + 1} with per_page=1 holds ${page.length} messages`,
        'rm.query.per_page',
      );
    });
    expectThat(
      new Set(pages.ids).size === pages.ids.length,
      'pagination',
      `${where} pages overlap: ${pages.ids.join(', ')}`,
      'rm.query.page',
    );

    // include: each value answers 200 and embeds what the messages name.
    for (const include of op.include) {
      const ex = await rm.call(op.id, { params, query: { include, page: 1, per_page: 25 } });
      expectDocumented(ex, op, '200');
      expectIncluded(ex, include, MESSAGE_INCLUDES, 'rm.include.messages');
    }

    // filter[conversation][exists]: true returns only messages of this candidate that are in a conversation.
    const all = await walkNumeric(rm, op, { include: 'conversation' }, 50, 5, {}, params);
    const inConversation = await walkNumeric(
      rm,
      op,
      { include: 'conversation', 'filter[conversation][exists]': 'true' },
      50,
      5,
      {},
      params,
    );
    await walkNumeric(rm, op, { 'filter[conversation][exists]': 'false' }, 50, 5, {}, params);
    if (all.complete) {
      const foreign = inConversation.ids.filter((id) => !all.ids.includes(id));
      expectThat(
        foreign.length === 0,
        'filter',
        `${where}?filter[conversation][exists]=true returned messages that are not the candidate's: ${short(foreign)}`,
        'rm.filter.conversation',
      );
    }
    // Evidence of "not in a conversation": with include=conversation, some messages name a conversation and these
    // name none (an empty, null or absent relationship). A target that names no conversation at all proves nothing.
    const conversationOf = (m: Resource) => relationshipRefs(m, 'conversation');
    const shown = all.records.some((m) => (conversationOf(m)?.length ?? 0) > 0);
    const outside = shown ? all.records.filter((m) => (conversationOf(m)?.length ?? 0) === 0).map((m) => m.id) : [];
    const wrong = inConversation.ids.filter((id) => outside.includes(id));
    expectThat(
      wrong.length === 0,
      'filter',
      `${where}?filter[conversation][exists]=true returned messages that are in no conversation (include=conversation shows none for them): ${short(wrong)}`,
      'rm.filter.conversation',
    );
    if (!shown) {
      const why = 'no message shows a conversation relationship: the conversation filter is checked for status and shape only';
      observe('other', 'GET /candidates/{candidateId}/messages?include=conversation', why);
    }
  });
});
