// Candidate sub-records of part 4: tags (POST adds a tagging with a UUID id, DELETE by UUID), candidate_files
// (Rule 2: "When the candidate file content is not accepted, the response is 422 and the file is not attached"),
// educations and employments ("a blank ... name gives 422", "200 or 201") and job_alert_subscriptions (active only).
import { type Obj, checkKnownAttributes, dataDocument, isObj, optionalString } from '../body';
import { type CharOptions, Errors, base64File, booleanField, charField, dateField, nestedObject, TAG } from '../serializer';
import type { Choices } from '../choices';
import { type RequestContext, type Route, actionReply, found, listReply, oneReply, param } from '../context';
import { notFound, unprocessable } from '../errors';
import { isBase64, isIsoDate, rubyBase64 } from '../formats';
import { type AttrValue, Stamp, T, strAttr } from '../model';
import { addCandidateRecord, addTagging, removeTagging, touch } from '../mutations';

const candidateOf = (ctx: RequestContext) => found(ctx, T.candidate, 'candidateId', 'candidate');

/** The `name` of a nested object attribute (school, company); lenient also reads a bare string. */
function nestedName(attributes: Obj, key: string, choices: Choices): string {
  const pointer = `/data/attributes/${key}`;
  const v = attributes[key];
  let name: unknown;
  if (isObj(v)) {
    checkKnownAttributes(v, ['name'], choices, pointer);
    name = v.name;
  } else if (typeof v === 'string' && !choices.rejectUnknownAttributes) {
    name = v;
  } else if (v !== undefined && v !== null && choices.rejectUnknownAttributes) {
    throw unprocessable(`\`${key}\` must be an object with a \`name\``, pointer);
  }
  if (typeof name !== 'string' || name.trim() === '') throw unprocessable(`${key} name can't be blank`, `${pointer}/name`);
  return name;
}

function dates(attributes: Obj, choices: Choices): { start: string | null; end: string | null } {
  const start = optionalString(attributes, 'start_date', choices) ?? null;
  const end = optionalString(attributes, 'end_date', choices) ?? null;
  if (choices.isoDates) {
    const at = '/data/attributes/';
    if (start !== null && !isIsoDate(start)) throw unprocessable('`start_date` must be a date (YYYY-MM-DD)', `${at}start_date`);
    if (end !== null && !isIsoDate(end)) throw unprocessable('`end_date` must be a date (YYYY-MM-DD)', `${at}end_date`);
    if (choices.dateOrder && start !== null && end !== null && end < start) {
      throw unprocessable('`end_date` is before `start_date`', `${at}end_date`);
    }
  }
  return { start, end };
}

interface RecordKind {
  type: string;
  rel: string;
  param: string;
  what: string;
  nested: string;
  fields: string[];
}

const EDUCATION: RecordKind = {
  type: T.education,
  rel: 'educations',
  param: 'educationId',
  what: 'education',
  nested: 'school',
  fields: ['course'],
};
const EMPLOYMENT: RecordKind = {
  type: T.employment,
  rel: 'employments',
  param: 'employmentId',
  what: 'employment',
  nested: 'company',
  fields: ['title', 'locality'],
};

/** Lenient and strict reading of an education or employment ("a blank ... name gives 422"). */
function recordAttributes(attributes: Obj, kind: RecordKind, choices: Choices): Record<string, AttrValue> {
  checkKnownAttributes(attributes, [kind.nested, ...kind.fields, 'start_date', 'end_date'], choices);
  const name = nestedName(attributes, kind.nested, choices);
  const attrs: Record<string, AttrValue> = { [kind.nested]: { name } };
  for (const field of kind.fields) attrs[field] = optionalString(attributes, field, choices) ?? null;
  const { start, end } = dates(attributes, choices);
  return { ...attrs, start_date: start, end_date: end };
}

/** Free text of educations and employments (frameworks persona): at most 255 characters, stored HTML-escaped. */
const TEXT: CharOptions = { maxLength: 255, allowBlank: true, allowNull: true, sanitise: 'escape' };

/** The frameworks persona's serializer: nested school/company with a required, non-blank name; ISO dates; all errors at once. */
function recordSerializer(attributes: Obj, kind: RecordKind): Record<string, AttrValue> {
  const errors = new Errors();
  const nested = nestedObject(attributes, kind.nested, errors);
  const name =
    nested === undefined
      ? undefined
      : charField(nested, 'name', errors, { required: true, maxLength: 255, sanitise: 'escape' }, [kind.nested, 'name']);
  const attrs: Record<string, AttrValue> = {};
  for (const field of kind.fields) attrs[field] = charField(attributes, field, errors, TEXT) ?? null;
  const start = dateField(attributes, 'start_date', errors);
  const end = dateField(attributes, 'end_date', errors);
  errors.done();
  return { [kind.nested]: { name: name ?? '' }, ...attrs, start_date: start ?? null, end_date: end ?? null };
}

function recordRoutes(kind: RecordKind): Route[] {
  const base = `/candidates/:candidateId/${kind.rel}`;
  return [
    {
      method: 'GET',
      path: base,
      spec: { params: ['page', 'per_page'] },
      handler: (ctx) => listReply(ctx, ctx.store.related(candidateOf(ctx), kind.rel), { paginated: true, filtered: false }),
    },
    {
      method: 'POST',
      path: base,
      spec: { params: [] },
      handler: (ctx) => {
        const candidate = candidateOf(ctx);
        const { attributes } = dataDocument(ctx.json(), kind.type, ctx.choices);
        const attrs = ctx.choices.serializer ? recordSerializer(attributes, kind) : recordAttributes(attributes, kind, ctx.choices);
        Object.assign(attrs, { created_at: new Stamp(ctx.now), updated_at: new Stamp(ctx.now) });
        const rec = addCandidateRecord(ctx.store, candidate, kind.type, kind.rel, attrs);
        touch(candidate, ctx.now);
        return oneReply(ctx, rec, ctx.choices.relatedCreatedStatus);
      },
    },
    {
      method: 'GET',
      path: `${base}/:${kind.param}`,
      spec: { params: [] },
      handler: (ctx) => {
        const candidate = candidateOf(ctx);
        return oneReply(
          ctx,
          found(ctx, kind.type, kind.param, kind.what, (r) => r.hidden.candidateId === candidate.id),
        );
      },
    },
  ];
}

const tagRoutes: Route[] = [
  {
    method: 'GET',
    path: '/candidates/:candidateId/tags',
    spec: { params: [] },
    handler: (ctx) => listReply(ctx, ctx.store.related(candidateOf(ctx), 'taggings'), { paginated: false, filtered: false }),
  },
  {
    method: 'POST',
    path: '/candidates/:candidateId/tags',
    spec: { params: [] },
    handler: (ctx) => {
      const candidate = candidateOf(ctx);
      const { attributes } = dataDocument(ctx.json(), null, ctx.choices);
      checkKnownAttributes(attributes, ['name', 'email'], ctx.choices);
      let name = attributes.name;
      if (ctx.choices.serializer) {
        const errors = new Errors();
        name = charField(attributes, 'name', errors, { ...TAG, required: true });
        errors.done();
      }
      if (typeof name !== 'string' || name.trim() === '') {
        if (ctx.choices.rejectUnknownAttributes) throw unprocessable("tag name can't be blank", '/data/attributes/name');
        return actionReply(ctx, 200, null);
      }
      const source = ctx.store.all(T.tagSource).find((s) => strAttr(s, 'name') === 'API') ?? null;
      const { tagging, added } = addTagging(ctx.store, candidate, name, source);
      if (added) touch(candidate, ctx.now);
      return oneReply(ctx, tagging);
    },
  },
  {
    method: 'DELETE',
    path: '/candidates/:candidateId/tags/:tagId',
    spec: { params: [] },
    handler: (ctx) => {
      const candidate = candidateOf(ctx);
      const tagging = ctx.store.get(T.tagging, param(ctx, 'tagId').toLowerCase());
      if (tagging === undefined || tagging.hidden.candidateId !== candidate.id) throw notFound('tag');
      removeTagging(ctx.store, candidate, tagging);
      touch(candidate, ctx.now);
      return actionReply(ctx, 200, tagging, undefined, true);
    },
  },
];

interface FileWrite {
  filename: string;
  bytes: number;
  parseResume: boolean;
}

/** Lenient and strict reading of an upload (Rule 2: content not accepted gives 422 and the file is not attached). */
function fileAttributes(data: Obj, attributes: Obj, ctx: RequestContext): FileWrite {
  checkKnownAttributes(attributes, ['filename', 'content'], ctx.choices);
  const { filename, content } = attributes;
  if (typeof filename !== 'string' || filename.trim() === '') {
    throw unprocessable('`filename` is required; the file was not added', '/data/attributes/filename');
  }
  const ruby = ctx.choices.base64 === 'ruby';
  if (typeof content !== 'string' || (ruby ? content === '' : !isBase64(content, ctx.choices.base64 === 'canonical'))) {
    throw unprocessable('`content` is not base64; the file was not added', '/data/attributes/content');
  }
  // Ruby's Base64.decode64 refuses nothing: what it cannot read it skips (alternate persona)
  const bytes = (ruby ? rubyBase64(content) : Buffer.from(content, 'base64')).length;
  if (bytes > ctx.choices.maxFileBytes) throw unprocessable('file too large; the file was not added', '/data/attributes/content');
  let parseResume = false;
  const options = data.options;
  if (options !== undefined) {
    if (ctx.choices.rejectUnknownAttributes) {
      if (!isObj(options)) throw unprocessable('`options` must be an object', '/data/options');
      checkKnownAttributes(options, ['parse_resume'], ctx.choices, '/data/options');
      if (options.parse_resume !== undefined && typeof options.parse_resume !== 'boolean') {
        throw unprocessable('`options.parse_resume` must be a boolean', '/data/options/parse_resume');
      }
    }
    parseResume = isObj(options) && options.parse_resume === true;
  }
  return { filename, bytes, parseResume };
}

/** The frameworks persona's serializer: Django's file name rules, drf-extra-fields' base64 reading, DRF BooleanField. */
function fileSerializer(data: Obj, attributes: Obj, ctx: RequestContext): FileWrite {
  const errors = new Errors();
  const filename = charField(attributes, 'filename', errors, { required: true, maxLength: 255, sanitise: 'filename' });
  const content = base64File(attributes, 'content', errors, ctx.choices.maxFileBytes);
  let parseResume: boolean | undefined;
  const options = data.options;
  if (isObj(options)) parseResume = booleanField(options, 'parse_resume', errors, ['options', 'parse_resume']);
  else if (options !== undefined && options !== null) errors.add(['options', 'non_field_errors'], 'Invalid data. Expected a dictionary.');
  errors.done();
  return { filename: filename ?? '', bytes: content?.length ?? 0, parseResume: parseResume ?? false };
}

const fileRoute: Route = {
  method: 'POST',
  path: '/candidates/:candidateId/candidate_files',
  spec: { params: [] },
  handler: (ctx) => {
    const candidate = candidateOf(ctx);
    const { data, attributes } = dataDocument(ctx.json(), T.file, ctx.choices);
    const { filename, bytes, parseResume } = ctx.choices.serializer
      ? fileSerializer(data, attributes, ctx)
      : fileAttributes(data, attributes, ctx);
    // a fresh upload is not yet extracted, so it does not count for filter[resume][exists]
    const rec = addCandidateRecord(
      ctx.store,
      candidate,
      T.file,
      'resumes',
      {
        filename,
        byte_size: bytes,
        parse_resume: parseResume,
        resume_extracted: false,
        created_at: new Stamp(ctx.now),
        updated_at: new Stamp(ctx.now),
      },
      false,
    );
    touch(candidate, ctx.now);
    return oneReply(ctx, rec, 201);
  },
};

const subscriptionRoute: Route = {
  method: 'GET',
  path: '/candidates/:candidateId/job_alert_subscriptions',
  spec: { params: [] },
  handler: (ctx) => {
    const subs = ctx.store.related(candidateOf(ctx), 'job_alert_subscription').filter((s) => s.hidden.active === true);
    return listReply(ctx, subs, { paginated: false, filtered: false });
  },
};

export const candidateRecordRoutes: Route[] = [
  ...tagRoutes,
  fileRoute,
  subscriptionRoute,
  ...recordRoutes(EDUCATION),
  ...recordRoutes(EMPLOYMENT),
];
