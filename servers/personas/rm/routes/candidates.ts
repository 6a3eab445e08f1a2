// Candidate operations of part 4: GET/POST /candidates, GET/PATCH /candidates/{candidateId}
// (Rule 1: "When a POST to candidates lacks `email` or is invalid, the response is 422").
import { type Obj, checkKnownAttributes, dataDocument, optionalString, optionalStrings } from '../body';
import { type RequestContext, type Route, found, listReply, oneReply } from '../context';
import { HttpError, unprocessable } from '../errors';
import { candidateFilter } from '../filters';
import { isEmail } from '../formats';
import { T, strAttr } from '../model';
import { addTagging, createCandidate, touch } from '../mutations';
import { type CharOptions, Errors, PHONE, TAG, charField, emailField, stringList } from '../serializer';
import { storedEmail, storedName, storedPhone } from '../stored-text';
import { CANDIDATE_FILTERS, CANDIDATE_INCLUDES } from './tables';

const API_TAG_SOURCE = 'API';

/** Names: at most 100 characters, blank allowed, stored HTML-escaped (frameworks persona). */
const NAME: CharOptions = { maxLength: 100, allowBlank: true, sanitise: 'escape' };
/** Tags and skills: at most 100 (skills) or 255 (tags) characters, markup stripped, not blank (frameworks persona). */
const TOKEN: CharOptions = { maxLength: 100, sanitise: 'strip' };

interface CandidateWrite {
  email: string;
  firstName: string | null | undefined;
  lastName: string | null | undefined;
  phone: string | null | undefined;
  tagValues: string[];
}

/** Lenient and strict reading of POST /candidates (Rule 1: "lacks `email` or is invalid" gives 422). */
function candidateAttributes(attributes: Obj, ctx: RequestContext): CandidateWrite {
  checkKnownAttributes(attributes, ['email', 'first_name', 'last_name', 'phone_number', 'tag_values'], ctx.choices);
  const email = attributes.email;
  if (typeof email !== 'string' || email === '') throw unprocessable('`email` is required', '/data/attributes/email');
  if (!isEmail(email, ctx.choices.emailCheck)) throw unprocessable('`email` is not a valid e-mail address', '/data/attributes/email');
  if (
    ctx.choices.rejectDuplicateEmail &&
    ctx.store.all(T.candidate).some((c) => strAttr(c, 'email')?.toLowerCase() === email.toLowerCase())
  ) {
    throw unprocessable('a candidate with this e-mail address already exists', '/data/attributes/email');
  }
  const firstName = optionalString(attributes, 'first_name', ctx.choices);
  const lastName = optionalString(attributes, 'last_name', ctx.choices);
  const phone = optionalString(attributes, 'phone_number', ctx.choices);
  return {
    email: storedEmail(ctx.choices, email),
    firstName: typeof firstName === 'string' ? storedName(ctx.choices, 'first_name', firstName) : firstName,
    lastName: typeof lastName === 'string' ? storedName(ctx.choices, 'last_name', lastName) : lastName,
    phone: typeof phone === 'string' ? storedPhone(ctx.choices, phone) : phone,
    tagValues: optionalStrings(attributes, 'tag_values', ctx.choices) ?? [],
  };
}

/** The frameworks persona's serializer for POST /candidates: every field checked, all errors at once (422, Rule 1). */
function candidateSerializer(attributes: Obj, ctx: RequestContext): CandidateWrite {
  const errors = new Errors();
  const email = emailField(attributes, 'email', errors);
  const firstName = charField(attributes, 'first_name', errors, NAME);
  const lastName = charField(attributes, 'last_name', errors, NAME);
  const phone = charField(attributes, 'phone_number', errors, { maxLength: 30, allowBlank: true, pattern: PHONE });
  const tagValues = stringList(attributes, 'tag_values', errors, TAG) ?? [];
  if (email !== undefined && ctx.store.all(T.candidate).some((c) => strAttr(c, 'email') === email)) {
    errors.add(['email'], 'candidate with this email already exists.');
  }
  errors.done();
  return { email: email ?? '', firstName, lastName, phone, tagValues };
}

export const candidateRoutes: Route[] = [
  {
    method: 'GET',
    path: '/candidates',
    spec: { params: ['page', 'per_page', 'cursor', 'include', 'filter'], includes: CANDIDATE_INCLUDES, filters: CANDIDATE_FILTERS },
    handler: (ctx) => {
      const f = candidateFilter(ctx.query, ctx.choices, ctx.store);
      const records = ctx.store.all(T.candidate).filter(f.keep);
      return listReply(ctx, records, { paginated: true, filtered: f.present });
    },
  },
  {
    method: 'POST',
    path: '/candidates',
    spec: { params: [] },
    handler: (ctx) => {
      const { attributes } = dataDocument(ctx.json(), T.candidate, ctx.choices);
      const { email, firstName, lastName, phone, tagValues } = ctx.choices.serializer
        ? candidateSerializer(attributes, ctx)
        : candidateAttributes(attributes, ctx);
      const candidate = createCandidate(ctx.store, {
        email,
        first_name: firstName ?? null,
        last_name: lastName ?? null,
        phone_number: phone ?? null,
        createdMs: ctx.now,
      });
      const source = ctx.store.all(T.tagSource).find((s) => s.attrs.name === API_TAG_SOURCE) ?? null;
      for (const name of tagValues) if (name.trim() !== '') addTagging(ctx.store, candidate, name, source);
      const location = ctx.choices.locationHeader ? { Location: `${ctx.serial.baseUrl}/candidates/${candidate.id}` } : undefined;
      return oneReply(ctx, candidate, 201, location);
    },
  },
  {
    method: 'GET',
    path: '/candidates/:candidateId',
    spec: { params: ['include'], includes: CANDIDATE_INCLUDES },
    handler: (ctx) => oneReply(ctx, found(ctx, T.candidate, 'candidateId', 'candidate')),
  },
  {
    method: 'PATCH',
    path: '/candidates/:candidateId',
    spec: { params: [] },
    handler: (ctx) => {
      const candidate = found(ctx, T.candidate, 'candidateId', 'candidate');
      const { data, attributes } = dataDocument(ctx.json(), T.candidate, ctx.choices, true);
      const sentId = ctx.choices.idType === 'integer' && typeof data.id === 'number' ? String(data.id) : data.id;
      if (ctx.choices.requireDataType && sentId !== undefined && sentId !== candidate.id) {
        const drf = `The resource object's id (${String(data.id)}) does not match the endpoint's id (${candidate.id}).`;
        throw new HttpError(ctx.choices.dataConflictStatus, '`data.id` does not match the candidate addressed', '/data/id', {}, { drf });
      }
      let firstName: string | null | undefined;
      let lastName: string | null | undefined;
      let skills: string[] | undefined;
      if (ctx.choices.serializer) {
        const errors = new Errors();
        firstName = charField(attributes, 'first_name', errors, NAME);
        lastName = charField(attributes, 'last_name', errors, NAME);
        skills = stringList(attributes, 'skills', errors, TOKEN);
        errors.done();
      } else {
        checkKnownAttributes(attributes, ['first_name', 'last_name', 'skills'], ctx.choices);
        firstName = optionalString(attributes, 'first_name', ctx.choices);
        lastName = optionalString(attributes, 'last_name', ctx.choices);
        skills = optionalStrings(attributes, 'skills', ctx.choices);
        if (typeof firstName === 'string') firstName = storedName(ctx.choices, 'first_name', firstName);
        if (typeof lastName === 'string') lastName = storedName(ctx.choices, 'last_name', lastName);
      }
      if (firstName !== undefined) candidate.attrs.first_name = firstName;
      if (lastName !== undefined) candidate.attrs.last_name = lastName;
      if (skills !== undefined) candidate.attrs.skills = skills;
      touch(candidate, ctx.now);
      return oneReply(ctx, candidate);
    },
  },
];
