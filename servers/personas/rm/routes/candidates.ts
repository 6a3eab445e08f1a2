// Candidate operations of part 4: GET/POST /candidates, GET/PATCH /candidates/{candidateId}
// (Rule 1: "When a POST to candidates lacks `email` or is invalid, the response is 422").
import { checkKnownAttributes, dataDocument, optionalString, optionalStrings } from '../body';
import { type Route, found, listReply, oneReply } from '../context';
import { unprocessable } from '../errors';
import { candidateFilter } from '../filters';
import { isEmail } from '../formats';
import { T, strAttr } from '../model';
import { addTagging, createCandidate, touch } from '../mutations';
import { CANDIDATE_FILTERS, CANDIDATE_INCLUDES } from './tables';

const API_TAG_SOURCE = 'API';

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
      checkKnownAttributes(attributes, ['email', 'first_name', 'last_name', 'phone_number', 'tag_values'], ctx.choices);
      const email = attributes.email;
      if (typeof email !== 'string' || email === '') throw unprocessable('`email` is required', '/data/attributes/email');
      if (!isEmail(email, ctx.choices.strictEmail)) throw unprocessable('`email` is not a valid e-mail address', '/data/attributes/email');
      if (
        ctx.choices.rejectDuplicateEmail &&
        ctx.store.all(T.candidate).some((c) => strAttr(c, 'email')?.toLowerCase() === email.toLowerCase())
      ) {
        throw unprocessable('a candidate with this e-mail address already exists', '/data/attributes/email');
      }
      const firstName = optionalString(attributes, 'first_name', ctx.choices);
      const lastName = optionalString(attributes, 'last_name', ctx.choices);
      const phone = optionalString(attributes, 'phone_number', ctx.choices);
      const tagValues = optionalStrings(attributes, 'tag_values', ctx.choices) ?? [];
      const candidate = createCandidate(ctx.store, {
        email,
        first_name: firstName ?? null,
        last_name: lastName ?? null,
        phone_number: phone ?? null,
        createdMs: ctx.now,
      });
      const source = ctx.store.all(T.tagSource).find((s) => s.attrs.name === API_TAG_SOURCE) ?? null;
      for (const name of tagValues) if (name.trim() !== '') addTagging(ctx.store, candidate, name, source);
      const location = ctx.choices.actionResource ? { Location: `${ctx.serial.baseUrl}/candidates/${candidate.id}` } : undefined;
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
      const { data, attributes } = dataDocument(ctx.json(), T.candidate, ctx.choices);
      if (ctx.choices.requireDataType && data.id !== undefined && data.id !== candidate.id) {
        throw unprocessable('`data.id` does not match the candidate addressed', '/data/id');
      }
      checkKnownAttributes(attributes, ['first_name', 'last_name', 'skills'], ctx.choices);
      const firstName = optionalString(attributes, 'first_name', ctx.choices);
      const lastName = optionalString(attributes, 'last_name', ctx.choices);
      const skills = optionalStrings(attributes, 'skills', ctx.choices);
      if (firstName !== undefined) candidate.attrs.first_name = firstName;
      if (lastName !== undefined) candidate.attrs.last_name = lastName;
      if (skills !== undefined) candidate.attrs.skills = skills;
      touch(candidate, ctx.now);
      return oneReply(ctx, candidate);
    },
  },
];
