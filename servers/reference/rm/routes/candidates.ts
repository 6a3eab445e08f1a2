/**
 * GET/POST /candidates, GET/PATCH /candidates/{candidateId} (000 §4): list with numeric and cursor
 * pagination, every candidate filter, the filter cap and every candidate include value.
 */
import { randomBytes } from 'node:crypto';
import { INVALID_JSON, type Ctx } from '../../http-kit';
import { candidateMatcher, parseCandidateFilter } from '../filters';
import { CANDIDATE_INCLUDES, includedFor, linked, parseInclude } from '../include';
import { noRelatedRecords, type Candidate } from '../model';
import { enforceCap, paginate, parsePaging } from '../pagination';
import { HttpError, invalid, sendDoc } from '../respond';
import { EMAIL, envelope, optionalString, optionalStringArray } from '../validate';
import { bySeq, candidateOr404, type RmApp, type RouteModule } from './app';
import { on } from '../../switches';

export const candidateRoutes: RouteModule = (router, app) => {
  const { env, store, resources } = app;

  router.on('GET', '/candidates', (ctx) => {
    const include = parseInclude(env, ctx.query, CANDIDATE_INCLUDES);
    const { filter, present } = parseCandidateFilter(env, ctx.query);
    const paging = parsePaging(env, ctx.query);
    enforceCap(env, paging, present);
    const match = candidateMatcher(env, store, filter);
    const page = paginate(env, [...store.candidates.values()].filter(match).sort(bySeq), paging);
    const data = page.items.map((c) => resources.candidate(c));
    sendDoc(env, ctx, 200, { data: linked(env, data, include), included: includedFor(env, resources, data, include), meta: page.meta });
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
    sendDoc(env, ctx, on(env.behaviour, 'rm.candidates.create.status-200') ? 200 : 201, { data: resources.candidate(candidate) });
  });

  router.on('GET', '/candidates/{candidateId}', (ctx) => {
    const include = parseInclude(env, ctx.query, CANDIDATE_INCLUDES);
    if (!store.candidates.has(ctx.params.candidateId ?? '') && on(env.behaviour, 'rm.candidates.get.missing-200'))
      return sendDoc(env, ctx, 200, { data: null });
    const data = resources.candidate(candidateOr404(app, ctx.params.candidateId));
    sendDoc(env, ctx, 200, { data: linked(env, [data], include)[0], included: includedFor(env, resources, [data], include) });
  });

  router.on('PATCH', '/candidates/{candidateId}', (ctx) => {
    const candidate = candidateOr404(app, ctx.params.candidateId);
    const { attributes } = envelope(ctx.body, { typeRequired: true, attributesRequired: false });
    const loose = on(env.behaviour, 'rm.variant.patch-coerces-types');
    const firstName = loose ? stringish(attributes.first_name) : optionalString(attributes, 'first_name');
    const lastName = loose ? stringish(attributes.last_name) : optionalString(attributes, 'last_name');
    const skills = loose ? listish(attributes.skills) : optionalStringArray(attributes, 'skills');
    // The not-persisted fault answers with an updated copy and leaves the stored record alone.
    const target = on(env.behaviour, 'rm.candidates.update.not-persisted') ? { ...candidate, lists: new Set(candidate.lists) } : candidate;
    // The wipes-unsent fault treats PATCH as a replacement of the writable attributes.
    const wipe = on(env.behaviour, 'rm.candidates.update.wipes-unsent');
    if (firstName !== undefined || wipe) target.firstName = firstName ?? '';
    if (lastName !== undefined || wipe) target.lastName = lastName ?? '';
    if (skills !== undefined || wipe) target.skills = [...(skills ?? [])];
    target.updated = env.now();
    sendDoc(env, ctx, 200, { data: resources.candidate(target) });
  });
};

/** Under rm.variant.patch-coerces-types: any value as text (objects as JSON); null and undefined change nothing. */
const text = (v: unknown): string => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
const stringish = (v: unknown): string | undefined => (v === undefined || v === null ? undefined : text(v));
const listish = (v: unknown): string[] | undefined =>
  v === undefined || v === null ? undefined : Array.isArray(v) ? v.map(text) : [text(v)];

/** Validates a POST /candidates body (000 §4 rule 1) and stores the candidate with its tag_values as tags. */
function createCandidate(app: RmApp, ctx: Ctx): Candidate {
  const { env } = app;
  const { attributes } = envelope(ctx.body, { typeRequired: true, attributesRequired: true });
  const firstName = optionalString(attributes, 'first_name');
  const lastName = optionalString(attributes, 'last_name');
  const phone = optionalString(attributes, 'phone_number');
  const tagValues = optionalStringArray(attributes, 'tag_values');
  const email = attributes.email;
  const fields = { firstName, lastName, phone, tagValues };
  if (email === undefined && on(env.behaviour, 'rm.candidates.create.email-optional')) return storeCandidate(app, '', fields);
  if (typeof email !== 'string' || email.trim() === '') throw invalid("email can't be blank", '/data/attributes/email');
  if (!EMAIL.test(email) && !on(env.behaviour, 'rm.candidates.create.email-format-unchecked')) {
    if (on(env.behaviour, 'rm.candidates.create.refused-still-created')) storeCandidate(app, email, fields);
    throw invalid(`email ${JSON.stringify(email)} is not a valid e-mail address`, '/data/attributes/email');
  }
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
    uid: randomBytes(8).toString('hex'),
    email,
    firstName: fields.firstName ?? '',
    lastName: fields.lastName ?? '',
    phone: fields.phone ?? '',
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
  };
  store.candidates.set(c.id, c);
  if (!on(env.behaviour, 'rm.candidates.create.tag-values-dropped')) {
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
