/**
 * Activity records (000 §6): candidate events and job application events (000 §4 Operations; Filters
 * filter[kind], filter[created_at][gte]/[lte]; include location, form_submission, ...), and candidate
 * messages (filter[conversation][exists]; include from, to, conversation; page, per_page).
 * The records are read from candidates found on the first pages (bounded search), or from
 * RM_JOB_APPLICATION_ID; unknown ids (404) are in catalogue-rules.spec.ts.
 */
import {
  declares,
  test,
  expectArrayFormAnswered,
  expectBounds,
  expectConversationFalseReading,
  expectDocumented,
  expectOneValue,
  shownInstant,
  type BoundQuery,
  expectExcludes,
  expectOnlyFitting,
  expectPagesDisjoint,
  expectPagesWithin,
  expectSelects,
  expectSelectsAny,
  expectUnion,
  type ClauseOf,
  type Selection,
  pathOf,
  type ApiClient,
  type QueryValue,
  type Exchange,
  atOnce,
  expectRelationshipsKept,
} from '../kit';
import {
  dataOf,
  relationshipRefs,
  type Resource,
  expectIncluded,
  observeIncluded,
  type IncludeTarget,
  discoverCandidateWithEvents,
  discoverJobApplicationOf,
  findCandidatesWith,
  createCandidate,
  sendQuery,
  sendRepeatedKeys,
  walkNumeric,
  relationshipView,
} from '../kit/rm';
import { operation } from '../../contract/catalogue';
import type { OperationSpec } from '../../contract/catalogue/types';

type Observe = (category: 'other' | 'status', subject: string, value: string) => void;

async function read(
  rm: ApiClient,
  op: OperationSpec,
  params: Record<string, string>,
  query: Record<string, QueryValue> = {},
): Promise<Resource[]> {
  return (await readOne(rm, op, params, query)).pages[0]?.records.slice() ?? [];
}

/** One read as a selection (a documented 200): its query for people, and its one page. */
async function readOne(
  rm: ApiClient,
  op: OperationSpec,
  params: Record<string, string>,
  query: Record<string, QueryValue> = {},
): Promise<Selection<Resource>> {
  // A per_page above the target's maximum may be refused (000 §8, D44): then sent again smaller.
  const ex = await sendQuery(rm, op, params, query);
  expectDocumented(ex, op, '200');
  const text = queryText(query);
  return selectionOf(ex, `${pathOf(op, params)}${text ? `?${text}` : ''}`);
}

const queryText = (query: Record<string, QueryValue>): string =>
  Object.entries(query)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : String(v)}`)
    .join('&');

function selectionOf(exchange: Exchange, query: string): Selection<Resource> {
  return { query: `GET ${query}`, pages: [{ exchange, records: dataOf(exchange) }] };
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
): Promise<Selection<Resource>> {
  const query = `${pathOf(op, params)}?filter[kind]=${kinds.join(',')}`;
  const repeated = (): Promise<Exchange> => sendRepeatedKeys(rm, op, params, [['filter[kind]', kinds]]);
  if (form.value === 'repeated') {
    const ex = await repeated();
    expectDocumented(ex, op, '200');
    return selectionOf(ex, query);
  }
  const comma = await rm.call(op.id, { params, query: { 'filter[kind]': kinds } });
  const status = comma.response?.status ?? 0;
  // One kind has no comma: its answer says nothing of the array form, which reads sent at once may not know yet.
  const single = kinds.length < 2;
  if ((form.value === 'comma' && !single) || status < 400 || status >= 500) {
    expectDocumented(comma, op, '200');
    if (form.value === null && !single) expectArrayFormAnswered(comma, null, clause);
    if (!single) form.value = 'comma';
    return selectionOf(comma, query);
  }
  const again = await repeated();
  expectArrayFormAnswered(comma, again, clause);
  expectDocumented(again, op, '200');
  form.value = 'repeated';
  return selectionOf(again, query);
}

/** The shared checks of the two event operations: each kind, two kinds at once, the created_at bounds, each include (all at once). */
async function checkEvents(
  rm: ApiClient,
  op: OperationSpec,
  params: Record<string, string>,
  observe: Observe,
  clauses: EventClauses,
): Promise<void> {
  const events = await read(rm, op, params);
  if (events.length === 0)
    observe('other', `${op.method} ${op.path}`, 'the record read has no events: filters checked for status and shape only');
  const ctx: EventsContext = { rm, op, params, observe, clauses, events };
  // Independent reads: far away their round trips overlap.
  await atOnce([() => checkKinds(ctx), () => checkCreatedAt(ctx), () => checkIncludes(ctx)]);
}

interface EventsContext {
  rm: ApiClient;
  op: OperationSpec;
  params: Record<string, string>;
  observe: Observe;
  clauses: EventClauses;
  /** The events of the unfiltered read. */
  events: Resource[];
}

/** filter[kind]: each value the document lists selects exactly the events of that kind; two kinds at once, the union. */
async function checkKinds({ rm, op, params, observe, clauses, events }: EventsContext): Promise<void> {
  const kindFilter = op.filters.find((f) => f.name === 'filter[kind]');
  const kinds = ((kindFilter?.schema as { items?: { enum?: unknown[] } } | undefined)?.items?.enum ?? []).map(String);
  // The catalogue's own content, not the target's: a programming error of the suite.
  if (kinds.length === 0) throw new Error(`${op.id}: the catalogue lists no kind values`);
  const form: { value: KindForm | null } = { value: null };
  /** An answer that cannot have been cut to a default page size (000 §8: not shown): fewer records than the unfiltered one, or few. */
  const whole = (rows: readonly Resource[]): boolean => rows.length < events.length || events.length < 10;
  const rowsOf = (s: Selection<Resource>): readonly Resource[] => s.pages[0]?.records ?? [];
  const selects = async (chosen: readonly string[]): Promise<Selection<Resource>> => {
    const selection = await readKinds(rm, op, params, chosen, form, clauses.kind);
    // An event whose kind is null or absent shows no kind (D1): it is not judged, and not expected.
    const shownKind = (e: Resource): unknown => e.attributes.kind;
    const ofKind = {
      text: `of the kinds ${chosen.join(', ')}`,
      fits: (e: Resource) => shownKind(e) === null || shownKind(e) === undefined || chosen.includes(String(shownKind(e))),
    };
    expectOnlyFitting(selection, { ...ofKind, shown: (e) => `${e.id} (${String(e.attributes.kind)})` }, clauses.kind);
    const expected = events.filter((e) => typeof shownKind(e) === 'string' && chosen.includes(String(shownKind(e)))).map((e) => e.id);
    expectSelectsAny(selection, expected, clauses.kind, 'events of those kinds');
    // Every one of them, unless both answers may be cut to a default page size (not shown, 000 §8).
    if (whole(rowsOf(selection))) expectSelects(selection, expected, clauses.kind, 'events of those kinds, left out');
    return selection;
  };
  // An array of two kinds: the events of either, that is the union of the two answers for one kind each.
  const present = [...new Set(events.map((e) => String(e.attributes.kind)).filter((k) => kinds.includes(k)))];
  const pair = [present[0] ?? kinds[0] ?? 'view', present[1] ?? kinds.find((k) => k !== present[0]) ?? 'email'];
  const [both, ...single] = await atOnce([() => selects(pair), ...kinds.map((kind) => () => selects([kind]))]);
  const byKind = new Map(kinds.map((kind, i) => [kind, single[i]]));
  // An event that shows no kind (D1) stays in scope: the single-kind filters show it its kind, and it has one (D79).
  const unshown = events.filter((e) => typeof e.attributes.kind !== 'string').map((e) => e.id);
  const bySingle = kinds.flatMap((kind, i) => (single[i] ? [[kind, single[i]] as const] : []));
  expectOneValue(bySingle, unshown, 'kind', clauses.kind);
  const parts = pair.flatMap((k) => byKind.get(k) ?? []);
  if (both && [both, ...parts].every((s) => whole(rowsOf(s)))) expectUnion(both, parts, clauses.kind);
  observe('other', `${op.method} ${op.path} filter[kind] array form`, form.value ?? 'not determined');
}

/**
 * filter[created_at][gte] and [lte]: bounds at the middle event's shown instant, both inclusive, judged
 * at the precision each event shows its instant (D75: utc, else epoch, else local with an offset; a target
 * storing µs and showing ms may leave the middle event out of lte at its shown instant, nothing else).
 */
async function checkCreatedAt({ rm, op, params, observe, clauses, events }: EventsContext): Promise<void> {
  const createdOf = (e: Resource) => shownInstant(e.attributes.created_at);
  const stamped = events.flatMap((e) => {
    const at = createdOf(e);
    return at === null ? [] : [{ e, at }];
  });
  stamped.sort((a, b) => a.at.at - b.at.at);
  const middle = stamped[Math.floor(stamped.length / 2)];
  const t = middle ? new Date(Math.floor(middle.at.at)).toISOString() : new Date().toISOString();
  const bounds: BoundQuery<Resource>['bounds'][] = [
    [{ op: 'gte', at: t }],
    [{ op: 'lte', at: t }],
    [
      { op: 'gte', at: t },
      { op: 'lte', at: t },
    ],
  ];
  const queryOf = (b: BoundQuery<Resource>['bounds']): Record<string, string> =>
    Object.fromEntries(b.map((x) => [`filter[created_at][${x.op}]`, x.at]));
  const selections = await atOnce(bounds.map((b) => () => readOne(rm, op, params, queryOf(b))));
  /** An answer that cannot have been cut to a default page size (000 §8: not shown): fewer records than the unfiltered one, or few. */
  const whole = (s: Selection<Resource>): boolean => (s.pages[0]?.records.length ?? 0) < events.length || events.length < 10;
  const queries = bounds.flatMap((b, i) => {
    const selection = selections[i];
    return selection ? [{ selection, bounds: b, whole: whole(selection) }] : [];
  });
  if (clauses.createdAt === null) {
    for (const query of queries) {
      const shown = boundsHoldQuietly(query, stamped);
      observe(
        'other',
        `${op.method} ${op.path} with ${Object.keys(queryOf(query.bounds)).join(' and ')}`,
        shown ? 'the bounds hold' : 'the bounds are not applied as gte/lte',
      );
    }
    return;
  }
  const judged = expectBounds(
    queries,
    createdOf,
    stamped.map(({ e, at }) => ({ id: e.id, instant: at })),
    `filter[created_at] bounds at ${t}`,
    clauses.createdAt,
  );
  if (judged === 0 && events.length > 0)
    observe(
      'other',
      `${op.method} ${op.path} created_at`,
      'no event shows its created_at (utc, epoch or local with an offset): bounds not judged',
    );
}

/** Without a verdict: whether one query's bounds hold of the events read before (for bounds only "named as accepted"). */
function boundsHoldQuietly(query: BoundQuery<Resource>, stamped: readonly { e: Resource; at: { at: number; unit: number } }[]): boolean {
  const returned = new Set(query.selection.pages.flatMap((p) => p.records.map((r) => r.id)));
  const holds = (s: number): boolean =>
    query.bounds.every((b) => {
      const at = Date.parse(b.at);
      return b.op === 'lt' ? s < at : b.op === 'lte' ? s <= at : s >= at;
    });
  return stamped.every(({ e, at }) => {
    const possible = [at.at, at.at + at.unit - 0.001].map(holds);
    return returned.has(e.id) ? possible.some(Boolean) : !query.whole || !possible.every(Boolean);
  });
}

/** include: each value answers 200 with a valid body, and what the events name is embedded. */
async function checkIncludes({ rm, op, params, observe }: EventsContext): Promise<void> {
  await atOnce(
    op.include.map((include) => async () => {
      const ex = await rm.call(op.id, { params, query: { include } });
      expectDocumented(ex, op, '200');
      observeIncluded(observe, `${op.method} ${op.path}`, include, expectIncluded(ex, include, {}, 'rm.include.events'));
    }),
  );
}

test.describe('candidate events', () => {
  test(
    'GET /candidates/{candidateId}/events answers 200; each kind filter, the created_at bounds and each include mean what 000 §4 says',
    declares('rm.candidate-events.list 200', 'rm.candidates.list 200'),
    async ({ rm, target, cleanup, observe }) => {
      const op = operation('rm.candidate-events.list');
      const found = await discoverCandidateWithEvents(rm);
      const candidateId = found ?? (await createCandidate(rm, target, cleanup, 'events'));
      await checkEvents(rm, op, { candidateId }, observe, { kind: 'rm.filter.kind', createdAt: 'rm.filter.created_at' });
    },
  );

  test(
    'GET /candidates/{candidateId}/events for a new candidate answers 200 @smoke',
    declares('rm.candidate-events.list 200', 'rm.candidates.create'),
    async ({ rm, target, cleanup }) => {
      const op = operation('rm.candidate-events.list');
      const candidateId = await createCandidate(rm, target, cleanup, 'events-new');
      await read(rm, op, { candidateId });
    },
  );
});

test.describe('job application events', () => {
  test(
    'GET /job_applications/{jobApplicationId}/events answers 200; each kind filter, the created_at bounds and each include mean what 000 §4 says',
    declares('rm.candidate-events.list 200', 'rm.candidates.list 200', 'rm.job-application-events.list 200'),
    async ({ rm, target, observe }) => {
      const op = operation('rm.job-application-events.list');
      const application = await discoverJobApplicationOf(rm, target);
      test.skip(
        application === null,
        "no job application on the target: set RM_JOB_APPLICATION_ID (none found through the candidates' job_applications relationships)",
      );
      if (application === null) return;
      const jobApplicationId = application.id;
      await atOnce([
        () => checkEvents(rm, op, { jobApplicationId }, observe, { kind: 'rm.filter.job-application-kind', createdAt: null }),
        () => expectSameEventsThroughCandidate(rm, op, application, observe),
      ]);
    },
  );
});

/**
 * 000 §6: "Candidate events are stored activity records read through the candidate events and job
 * application events operations": an event the application's candidate shows is the same record through
 * either, so a relationship naming a related record through one is carried through the other too (000 §1:
 * "where related records exist, `relationships`"). Only where the candidate whose relationship named the
 * application is known.
 */
async function expectSameEventsThroughCandidate(
  rm: ApiClient,
  op: OperationSpec,
  application: { id: string; candidateId: string | null },
  observe: Observe,
): Promise<void> {
  const { candidateId } = application;
  if (candidateId === null) {
    observe(
      'other',
      `${op.method} ${op.path}`,
      "the application's candidate is not known (RM_JOB_APPLICATION_ID): its events not compared with the candidate's",
    );
    return;
  }
  const [viaApplication, viaCandidate] = await atOnce([
    () => readOne(rm, op, { jobApplicationId: application.id }, { per_page: 100 }),
    () => readOne(rm, rm.operation('rm.candidate-events.list'), { candidateId }, { per_page: 100 }),
  ]);
  const appPage = viaApplication?.pages[0];
  const candidatePage = viaCandidate?.pages[0];
  if (!appPage || !candidatePage) return;
  const app = appPage.records.map(relationshipView);
  const cand = candidatePage.records.map(relationshipView);
  const shared = app.filter((a) => cand.some((c) => c.id === a.id)).length;
  observe(
    'other',
    `${op.method} ${op.path} and GET /candidates/{candidateId}/events`,
    shared > 0 ? 'events shown through both' : 'no event shown through both',
  );
  const what = { shownBy: `GET /candidates/${candidateId}/events`, other: `GET /job_applications/${application.id}/events` };
  expectRelationshipsKept(appPage.exchange, cand, app, 'rm.events.read-through', what);
  expectRelationshipsKept(candidatePage.exchange, app, cand, 'rm.events.read-through', { shownBy: what.other, other: what.shownBy });
}

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
  test(
    'GET /candidates/{candidateId}/messages answers 200; per_page, the conversation filter and each include mean what 000 §4 says',
    declares('rm.candidate-messages.list 200', 'rm.candidates.list 200'),
    async ({ rm, target, cleanup, observe }) => {
      const op = operation('rm.candidate-messages.list');
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
      expectPagesWithin(pages.shown, 1);
      expectPagesDisjoint(pages.shown, `GET ${where} walked with per_page=1`);

      // include: each value answers 200 and embeds what the messages name.
      for (const include of op.include) {
        const ex = await sendQuery(rm, op, params, { include, page: 1, per_page: 25 });
        expectDocumented(ex, op, '200');
        observeIncluded(observe, `GET ${op.path}`, include, expectIncluded(ex, include, MESSAGE_INCLUDES, 'rm.include.messages'));
      }

      // filter[conversation][exists]: true returns only messages of this candidate that are in a conversation.
      const all = await walkNumeric(rm, op, { include: 'conversation' }, 50, 5, {}, params);
      // With include the pages are still pages: no message twice (000 §4 page, include).
      expectPagesDisjoint(all.shown, `GET ${where}?include=conversation walked with per_page=${all.perPage}`);
      const inConversation = await walkNumeric(
        rm,
        op,
        { include: 'conversation', 'filter[conversation][exists]': 'true' },
        50,
        5,
        {},
        params,
      );
      const outsideWalk = await walkNumeric(
        rm,
        op,
        { include: 'conversation', 'filter[conversation][exists]': 'false' },
        50,
        5,
        {},
        params,
      );
      const inConversationSel: Selection<Resource> = {
        query: `GET ${where}?filter[conversation][exists]=true`,
        pages: inConversation.shown,
        complete: inConversation.complete,
      };
      if (all.complete) {
        const theCandidates = { text: "the candidate's messages", fits: (m: Resource) => all.ids.includes(m.id) };
        expectOnlyFitting(inConversationSel, theCandidates, 'rm.filter.conversation');
      }
      // Evidence of "not in a conversation": with include=conversation, some messages name a conversation and these
      // name none (an empty, null or absent relationship). A target that names no conversation at all proves nothing.
      const conversationOf = (m: Resource) => relationshipRefs(m, 'conversation');
      const shown = all.records.some((m) => (conversationOf(m)?.length ?? 0) > 0);
      const outside = shown ? all.records.filter((m) => (conversationOf(m)?.length ?? 0) === 0).map((m) => m.id) : [];
      const why = 'messages in no conversation (include=conversation shows none for them)';
      expectExcludes(inConversationSel, outside, 'rm.filter.conversation', why);
      // "`true` returns only messages in a conversation": the messages in one, each of them (both walks ended).
      const inOne = all.records.filter((m) => (conversationOf(m)?.length ?? 0) > 0).map((m) => m.id);
      if (all.complete && inConversation.complete)
        expectSelects(
          inConversationSel,
          inOne,
          'rm.filter.conversation',
          'messages in a conversation (include=conversation names one for them)',
        );
      // false is "accepted": only the messages in no conversation, or every message (D76); judged where some name one.
      if (shown) {
        const no: Selection<Resource> = {
          query: `GET ${where}?filter[conversation][exists]=false`,
          pages: outsideWalk.shown,
          complete: outsideWalk.complete,
        };
        const allSel: Selection<Resource> = { query: `GET ${where}`, pages: all.shown, complete: all.complete };
        expectConversationFalseReading(no, allSel, inOne, outside, 'rm.filter.conversation');
      }
      if (!shown) {
        const why = 'no message shows a conversation relationship: the conversation filter is checked for status and shape only';
        observe('other', 'GET /candidates/{candidateId}/messages?include=conversation', why);
      }
    },
  );
});
