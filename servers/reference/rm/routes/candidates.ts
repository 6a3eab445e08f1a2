/**
 * GET/POST /candidates, GET/PATCH /candidates/{candidateId} (000 §4): list with numeric and cursor
 * pagination, every candidate filter, the filter cap and every candidate include value.
 */
import { randomBytes } from 'node:crypto';
import { INVALID_JSON, type Ctx } from '../../http-kit';
import { candidateMatcher, filterKeys, parseCandidateFilter } from '../filters';
import { CANDIDATE_INCLUDES, includedFor, linked, parseInclude } from '../include';
import { noRelatedRecords, type Candidate } from '../model';
import { enforceCap, paginate, parsePaging } from '../pagination';
import { badRequest, HttpError, invalid, notFound, sendDoc } from '../respond';
import { EMAIL, envelope, optionalString, optionalStringArray } from '../validate';
import { bySeq, candidateOr404, type RmApp, type RouteModule } from './app';
import { on } from '../../switches';
import { refuseNameCharacters, refusePhoneForm, storedEmail, storedName, storedPhone } from '../stored-text';

export const candidateRoutes: RouteModule = (router, app) => {
  const { env, store, resources } = app;

  router.on('GET', '/candidates', (ctx) => {
    // The cursor-alone variant: the cursor carries its query; sent with it, it is the query.
    const alone = on(env.behaviour, 'rm.variant.cursor-alone');
    const query = alone ? queryOfCursor(ctx.query) : ctx.query;
    const byCursor = !query.has('page');
    // The cursor-requests-ignored fault: the cursor query path ignores include.
    const include =
      byCursor && on(env.behaviour, 'rm.include.cursor-requests-ignored') ? null : parseInclude(env, query, CANDIDATE_INCLUDES);
    // The brackets-encoded-ignored fault recognises filters only where the brackets came literally.
    const filterQuery = on(env.behaviour, 'rm.filter.brackets-encoded-ignored') ? withoutEncodedFilters(ctx) : query;
    const { filter, present } = parseCandidateFilter(env, filterQuery);
    // The email-ignored-by-cursor fault: the cursor query path knows the time filters only.
    if (byCursor && on(env.behaviour, 'rm.filter.email-ignored-by-cursor')) filter.email = null;
    const paging = parsePaging(env, query);
    // The updated-at-only fault counts only the updated_at filters for the cap.
    const capped =
      present && (!on(env.behaviour, 'rm.filter-cap.updated-at-only') || filterKeys(query).some((k) => k.startsWith('filter[updated_at]')));
    enforceCap(env, paging, capped);
    // The filter-dropped fault forgets the filters (and the defaults) on cursor pages after the first.
    const dropped = on(env.behaviour, 'rm.cursor.filter-dropped') && paging.mode === 'cursor' && paging.after !== null;
    // The include-drops-filters fault: with include, another query path keeps the default scope and forgets the filters.
    const withoutFilters = include !== null && on(env.behaviour, 'rm.filter.include-drops-filters');
    const match = dropped
      ? () => true
      : withoutFilters
        ? (c: Candidate) => !c.archived && !c.anonymised
        : candidateMatcher(env, store, filter);
    // The list-index-lag variant: the list is an index refreshed every second; a candidate newer than that is not in it yet.
    const indexed = on(env.behaviour, 'rm.variant.list-index-lag')
      ? (c: Candidate) => !c.viaApi || c.created <= env.now() - 1000
      : () => true;
    const page = paginate(env, [...store.candidates.values()].filter((c) => indexed(c) && match(c)).sort(bySeq), paging);
    if (paging.mode === 'numeric' && paging.page > 1 && page.items.length === 0 && on(env.behaviour, 'rm.server-error.page-past-end'))
      throw new TypeError("Cannot read properties of undefined (reading 'id')");
    const data = page.items.map((c) => resources.candidate(c));
    const meta = alone ? withQueryInCursor(page.meta, query) : page.meta;
    sendDoc(env, ctx, 200, { data: linked(env, data, include), included: includedFor(env, resources, data, include), meta });
  });

  router.on('POST', '/candidates', (ctx) => {
    if (ctx.body === INVALID_JSON && on(env.behaviour, 'rm.server-error.malformed-json'))
      throw new SyntaxError('Unexpected token in JSON at position 0');
    let candidate: Candidate;
    try {
      candidate = createCandidate(app, ctx);
    } catch (error) {
      if (error instanceof HttpError && error.status === 422 && on(env.behaviour, 'rm.candidates.create.validation-400'))
        throw new HttpError(400, error.detail, error.pointer);
      throw error;
    }
    const data = resources.candidate(candidate);
    // The type-capitalised-on-create fault answers the create with the model's class name.
    if (on(env.behaviour, 'rm.schema.type-capitalised-on-create')) data.type = 'Candidate';
    sendDoc(env, ctx, on(env.behaviour, 'rm.candidates.create.status-200') ? 200 : 201, { data });
  });

  router.on('GET', '/candidates/{candidateId}', (ctx) => {
    const include = parseInclude(env, ctx.query, CANDIDATE_INCLUDES);
    const id = ctx.params.candidateId ?? '';
    if (!store.candidates.has(id) && on(env.behaviour, 'rm.candidates.get.missing-200')) return sendDoc(env, ctx, 200, { data: null });
    // The non-numeric-id-400 fault parses the id as an integer before looking it up.
    if (!store.candidates.has(id) && on(env.behaviour, 'rm.candidates.get.non-numeric-id-400') && !/^\d+$/.test(id))
      throw badRequest(`candidateId must be an integer (got ${JSON.stringify(id)})`, 'candidateId');
    const candidate = candidateOr404(app, id);
    // The archived-404 fault applies the list's default scope (archived=false) to the read by id.
    if (candidate.archived && on(env.behaviour, 'rm.candidates.get.archived-404')) throw notFound('candidate', id);
    if (candidate.phone === '' && on(env.behaviour, 'rm.server-error.candidate-without-phone'))
      throw new TypeError("Cannot read properties of null (reading 'replace')");
    const data = resources.candidate(candidate);
    sendDoc(env, ctx, 200, { data: linked(env, [data], include)[0], included: includedFor(env, resources, [data], include) });
  });

  router.on('PATCH', '/candidates/{candidateId}', (ctx) => {
    const id = ctx.params.candidateId ?? '';
    // The unknown-200 fault answers an unknown id with the sent attributes (an update that matched no row).
    if (!store.candidates.has(id) && on(env.behaviour, 'rm.candidates.update.unknown-200')) {
      const { attributes } = envelope(ctx.body, { typeRequired: true, attributesRequired: false });
      return sendDoc(env, ctx, 200, { data: { id, type: 'candidates', attributes: { ...attributes } } });
    }
    const candidate = candidateOr404(app, id);
    const { attributes } = envelope(ctx.body, { typeRequired: true, attributesRequired: false });
    if (Object.keys(attributes).length === 0 && on(env.behaviour, 'rm.candidates.update.empty-attributes-422'))
      throw invalid('data.attributes must name at least one attribute', '/data/attributes');
    // The refused-still-changed fault stores names it cannot accept as text, then refuses them.
    if (on(env.behaviour, 'rm.candidates.update.refused-still-changed')) {
      if (attributes.first_name !== undefined && typeof attributes.first_name !== 'string')
        candidate.firstName = String(attributes.first_name);
      if (attributes.last_name !== undefined && typeof attributes.last_name !== 'string') candidate.lastName = String(attributes.last_name);
    }
    const loose = on(env.behaviour, 'rm.variant.patch-coerces-types');
    const given = loose ? stringish(attributes.first_name) : optionalString(attributes, 'first_name');
    const lastName = loose ? stringish(attributes.last_name) : optionalString(attributes, 'last_name');
    const sentSkills = loose ? listish(attributes.skills) : optionalStringArray(attributes, 'skills');
    // The empty-values-skipped fault tests values for truth: "" and [] change nothing.
    const skipEmpty = on(env.behaviour, 'rm.candidates.update.empty-values-skipped');
    const firstName = skipEmpty && given === '' ? undefined : given;
    const skills = skipEmpty && sentSkills?.length === 0 ? undefined : sentSkills;
    refuseNameCharacters(env, { first_name: firstName, last_name: lastName });
    // The not-persisted fault answers with an updated copy and leaves the stored record alone.
    const target = on(env.behaviour, 'rm.candidates.update.not-persisted') ? { ...candidate, lists: new Set(candidate.lists) } : candidate;
    // The wipes-unsent fault treats PATCH as a replacement of the writable attributes.
    const wipe = on(env.behaviour, 'rm.candidates.update.wipes-unsent');
    if (firstName !== undefined || wipe) target.firstName = storedName(env, firstName ?? '');
    if (lastName !== undefined || wipe) target.lastName = storedName(env, lastName ?? '');
    // The skills-appended fault merges the sent skills into the stored ones.
    const append = skills !== undefined && on(env.behaviour, 'rm.candidates.update.skills-appended');
    if (skills !== undefined || wipe) target.skills = append ? [...new Set([...target.skills, ...(skills ?? [])])] : [...(skills ?? [])];
    target.updated = env.now();
    sendDoc(env, ctx, 200, { data: resources.candidate(target) });
  });
};

/**
 * rm.variant.cursor-alone (Shopify's page_info): a cursor carries the query it continues. A request with
 * a cursor and anything but per_page is refused with 400; with the cursor alone, its query is the request's.
 */
function queryOfCursor(query: URLSearchParams): URLSearchParams {
  const cursor = query.get('cursor');
  if (cursor === null || cursor === '') return query;
  const extra = [...query.keys()].find((k) => k !== 'cursor' && k !== 'per_page');
  if (extra !== undefined) throw badRequest(`a cursor carries its query: send cursor alone (with per_page), not ${extra}`, extra);
  let carried: { c?: unknown; q?: unknown } = {};
  try {
    carried = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { c?: unknown; q?: unknown };
  } catch {
    throw badRequest('cursor is not a cursor this server issued', 'cursor');
  }
  if (typeof carried.c !== 'string' || typeof carried.q !== 'string')
    throw badRequest('cursor is not a cursor this server issued', 'cursor');
  const out = new URLSearchParams(carried.q);
  out.set('cursor', carried.c);
  const perPage = query.get('per_page');
  if (perPage !== null) out.set('per_page', perPage);
  return out;
}

/** The meta of a cursor page with its next_cursor wrapped with the query it continues (rm.variant.cursor-alone). */
function withQueryInCursor(meta: Record<string, unknown>, query: URLSearchParams): Record<string, unknown> {
  if (typeof meta.next_cursor !== 'string' || meta.next_cursor === '') return meta;
  const q = new URLSearchParams([...query].filter(([k]) => k !== 'cursor' && k !== 'per_page')).toString();
  return { ...meta, next_cursor: Buffer.from(JSON.stringify({ c: meta.next_cursor, q })).toString('base64url') };
}

/** The query without the filters whose brackets were percent-encoded (rm.filter.brackets-encoded-ignored). */
function withoutEncodedFilters(ctx: Ctx): URLSearchParams {
  const kept = ctx.url.search
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => {
      const key = part.split('=')[0] ?? '';
      return !(/^filter%5B/i.test(key) || (key.startsWith('filter[') && /%5[BD]/i.test(key)));
    });
  return new URLSearchParams(kept.join('&'));
}

/** Under rm.variant.patch-coerces-types: any value as text (objects as JSON); null and undefined change nothing. */
const text = (v: unknown): string => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
const stringish = (v: unknown): string | undefined => (v === undefined || v === null ? undefined : text(v));
const listish = (v: unknown): string[] | undefined =>
  v === undefined || v === null ? undefined : Array.isArray(v) ? v.map(text) : [text(v)];

/** Validates a POST /candidates body (000 §4 rule 1) and stores the candidate with its tag_values as tags. */
function createCandidate(app: RmApp, ctx: Ctx): Candidate {
  const { env } = app;
  // The untyped-body-accepted variant takes the type from the path (D12).
  const typeRequired = !on(env.behaviour, 'rm.variant.untyped-body-accepted');
  // The untyped-still-created fault stores the candidate before it refuses the missing type.
  if (typeRequired && on(env.behaviour, 'rm.candidates.create.untyped-still-created')) {
    const loose = envelope(ctx.body, { typeRequired: false, attributesRequired: true }).attributes;
    if (typeof loose.email === 'string' && EMAIL.test(loose.email)) {
      const data = (ctx.body as { data: Record<string, unknown> }).data;
      if (typeof data.type !== 'string' || data.type.trim() === '') storeCandidate(app, loose.email, {});
    }
  }
  const { attributes } = envelope(ctx.body, { typeRequired, attributesRequired: true });
  const firstName = optionalString(attributes, 'first_name');
  const lastName = optionalString(attributes, 'last_name');
  const phone = optionalString(attributes, 'phone_number');
  const tagValues = optionalStringArray(attributes, 'tag_values');
  const email = attributes.email;
  const fields = { firstName, lastName, phone, tagValues };
  if (email === undefined && on(env.behaviour, 'rm.candidates.create.email-optional')) return storeCandidate(app, '', fields);
  if (typeof email !== 'string' || email.trim() === '') {
    if (email === undefined && on(env.behaviour, 'rm.candidates.create.no-email-still-created')) storeCandidate(app, '', fields);
    throw invalid("email can't be blank", '/data/attributes/email');
  }
  // The email-at-sign-only fault checks for an "@" and nothing else.
  const valid = on(env.behaviour, 'rm.candidates.create.email-at-sign-only') ? email.includes('@') : EMAIL.test(email);
  if (!valid && !on(env.behaviour, 'rm.candidates.create.email-format-unchecked')) {
    if (on(env.behaviour, 'rm.candidates.create.refused-still-created')) storeCandidate(app, email, fields);
    throw invalid(`email ${JSON.stringify(email)} is not a valid e-mail address`, '/data/attributes/email');
  }
  refuseNameCharacters(env, { first_name: firstName, last_name: lastName });
  refusePhoneForm(env, phone);
  return storeCandidate(app, email, fields);
}

function storeCandidate(
  app: RmApp,
  email: string,
  fields: { firstName?: string; lastName?: string; phone?: string; tagValues?: string[] },
): Candidate {
  const { store, env } = app;
  const now = env.now();
  const c: Candidate = {
    seq: store.nextSeq(),
    id: store.ids.next('candidate'),
    // The uid-per-second fault derives the uid from the creation second.
    uid: on(env.behaviour, 'rm.schema.uid-shared')
      ? 'c0ffee00api'
      : on(env.behaviour, 'rm.schema.uid-per-second')
        ? `c${Math.floor(now / 1000).toString(36)}`
        : randomBytes(8).toString('hex'),
    email: storedEmail(env, email),
    firstName: storedName(env, fields.firstName ?? ''),
    lastName: storedName(env, fields.lastName ?? ''),
    phone: on(env.behaviour, 'rm.candidates.create.phone-dropped') ? '' : storedPhone(env, fields.phone ?? ''),
    profileUrl: '',
    skills: [],
    interactionScore: 0,
    subscription: 'subscribed',
    internal: false,
    manuallyAdded: true,
    visitCount: 0,
    created: now,
    updated: now,
    firstSeen: now,
    lastSeen: now,
    archived: false,
    lastArchived: null,
    anonymised: false,
    atsUid: null,
    ...noRelatedRecords(),
    viaApi: true,
  };
  store.candidates.set(c.id, c);
  // The background-touch variant: an enrichment job updates the candidate half a second later.
  if (on(env.behaviour, 'rm.variant.background-touch'))
    setTimeout(() => {
      c.updated = env.now();
    }, 500).unref();
  // The tag-values-joined fault stores the values as one tag, joined by commas.
  if (on(env.behaviour, 'rm.candidates.create.tag-values-joined') && (fields.tagValues ?? []).length > 0)
    addTagging(app, c, (fields.tagValues ?? []).join(','), now);
  else if (!on(env.behaviour, 'rm.candidates.create.tag-values-dropped')) {
    for (const name of new Set(fields.tagValues ?? [])) addTagging(app, c, name, now);
  }
  return c;
}

/** The candidate's tagging named `name`, created when missing (names compare case-insensitively). */
export function addTagging(app: RmApp, c: Candidate, name: string, now: number): { id: string; created: boolean } {
  const { store } = app;
  const existing = c.taggings.find((id) => store.taggings.get(id)?.name.toLowerCase() === name.toLowerCase());
  if (existing) return { id: existing, created: false };
  const id = store.ids.next('tagging');
  store.taggings.set(id, {
    seq: store.nextSeq(),
    id,
    uid: randomBytes(8).toString('hex'),
    candidateId: c.id,
    name,
    tagSourceId: 'ts-api',
    created: now,
  });
  c.taggings.push(id);
  return { id, created: true };
}
