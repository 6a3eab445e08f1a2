/**
 * A candidate's related records (000 §4): tags, candidate files, educations, employments and job
 * alert subscriptions.
 */
import { randomBytes } from 'node:crypto';
import { isRecord } from '../../http-kit';
import type { Candidate, Education, Employment, Stub } from '../model';
import { paginate, parsePaging } from '../pagination';
import { HttpError, invalid, notFound, sendDoc } from '../respond';
import { envelope, isBase64, optionalString, presentString, requiredString } from '../validate';
import { addTagging } from './candidates';
import { bySeq, candidateOr404, pick, type RmApp, type RouteModule } from './app';
import type { RmFaultName } from '../faults';
import { on } from '../../switches';

export const relatedRoutes: RouteModule = (router, app) => {
  tagRoutes(router, app);
  fileRoutes(router, app);
  educationRoutes(router, app);
  employmentRoutes(router, app);
  router.on('GET', '/candidates/{candidateId}/job_alert_subscriptions', (ctx) => {
    if (unknownAnswered(app, ctx.params.candidateId, 'rm.job-alert-subscriptions.unknown-candidate-200'))
      return sendDoc(app.env, ctx, 200, { data: [], meta: { total_count: 0 } });
    const c = candidateOr404(app, ctx.params.candidateId);
    const active = c.subscriptions
      .map((id) => app.store.stub('candidate_job_alert_subscriptions', id))
      .filter((s): s is Stub => s !== undefined && s.attributes.active !== false);
    sendDoc(app.env, ctx, 200, { data: active.map((s) => app.resources.stub(s)), meta: { total_count: active.length } });
  });
};

const tagRoutes: RouteModule = (router, app) => {
  const { env, store, resources } = app;
  const taggingsOf = (c: Candidate): ReturnType<typeof resources.tagging>[] =>
    pick(store.taggings, c.taggings).map((t) => resources.tagging(t));

  router.on('GET', '/candidates/{candidateId}/tags', (ctx) => {
    if (unknownAnswered(app, ctx.params.candidateId, 'rm.tags.list.unknown-candidate-200'))
      return sendDoc(env, ctx, 200, { data: [], meta: { total_count: 0 } });
    const c = candidateOr404(app, ctx.params.candidateId);
    // The every-candidate fault lists the taggings of every candidate created through the API after the candidate's own.
    const others = on(env.behaviour, 'rm.tags.list.every-candidate')
      ? [...store.candidates.values()].filter((o) => o.id !== c.id && o.viaApi).flatMap((o) => o.taggings)
      : [];
    const data = [...taggingsOf(c), ...pick(store.taggings, others).map((t) => resources.tagging(t))];
    sendDoc(env, ctx, 200, { data, meta: { total_count: data.length } });
  });

  // 000 §4 lists `email` as required here although no such property exists: only name is required.
  router.on('POST', '/candidates/{candidateId}/tags', (ctx) => {
    // The tags-body-json-only fault reads the body only when it is declared application/json.
    if (on(env.behaviour, 'rm.server-error.tags-body-json-only') && !/^application\/json\b/i.test(ctx.req.headers['content-type'] ?? ''))
      throw new TypeError("Cannot read properties of undefined (reading 'data')");
    const c = candidateOr404(app, ctx.params.candidateId);
    const { attributes } = envelope(ctx.body, { typeRequired: true, attributesRequired: false });
    // The refused-still-added fault adds a tag with a blank name before it refuses it.
    if (on(env.behaviour, 'rm.tags.create.refused-still-added') && typeof attributes.name === 'string' && attributes.name.trim() === '')
      addTagging(app, c, attributes.name, env.now());
    const name = requiredString(attributes, 'name').trim();
    // The tag-email-required variant follows the contract's required marker (D13).
    if (on(env.behaviour, 'rm.variant.tag-email-required')) requiredString(attributes, 'email');
    const { id } = addTagging(app, c, name, env.now());
    const tagging = store.taggings.get(id);
    if (!tagging) throw new Error('tagging vanished');
    sendDoc(env, ctx, on(env.behaviour, 'rm.tags.create.status-201') ? 201 : 200, {
      data: on(env.behaviour, 'rm.variant.tags-post-list') ? taggingsOf(c) : resources.tagging(tagging),
    });
  });

  router.on('DELETE', '/candidates/{candidateId}/tags/{tagId}', (ctx) => {
    const requested = candidateOr404(app, ctx.params.candidateId);
    const tagId = ctx.params.tagId ?? '';
    // The any-candidate fault finds the tagging by its id alone and removes it from its owner.
    const owner = on(env.behaviour, 'rm.tags.delete.any-candidate')
      ? store.candidates.get(store.taggings.get(tagId)?.candidateId ?? '')
      : undefined;
    const c = owner ?? requested;
    if (!c.taggings.includes(tagId)) throw notFound('tag', tagId);
    // The tags-attribute-stale fault stops refreshing the candidate's denormalised tag names.
    if (on(env.behaviour, 'rm.tags.delete.tags-attribute-stale')) c.tagsShown ??= pick(store.taggings, c.taggings).map((t) => t.name);
    // The removes-every-tag fault deletes by candidate: every tagging of the candidate goes.
    const removed = on(env.behaviour, 'rm.tags.delete.removes-every-tag') ? [...c.taggings] : [tagId];
    if (!on(env.behaviour, 'rm.tags.delete.not-removed')) {
      c.taggings = c.taggings.filter((id) => !removed.includes(id));
      for (const id of removed) store.taggings.delete(id);
    }
    const data = taggingsOf(c);
    sendDoc(env, ctx, 200, { data, meta: { total_count: data.length } });
  });
};

const fileRoutes: RouteModule = (router, app) => {
  const { env, store, resources } = app;
  router.on('POST', '/candidates/{candidateId}/candidate_files', (ctx) => {
    const id0 = ctx.params.candidateId ?? '';
    // The unknown-candidate-201 fault stores the file for a candidate that does not exist.
    const orphan = !store.candidates.has(id0) && on(env.behaviour, 'rm.candidate-files.create.unknown-candidate-201');
    const c: Pick<Candidate, 'id' | 'files'> = orphan ? { id: id0, files: [] } : candidateOr404(app, id0);
    const attach = (filename: string, content: string, parse: boolean): string => {
      const id = store.ids.next('file');
      // Extraction is immediate when parsing is asked for; otherwise the file never counts for filter[resume][exists].
      const size = isBase64(content) ? Buffer.from(content, 'base64').length : Buffer.byteLength(content);
      store.files.set(id, {
        seq: store.nextSeq(),
        id,
        uid: randomBytes(8).toString('hex'),
        candidateId: c.id,
        filename,
        size,
        extracted: parse,
        created: env.now(),
      });
      c.files.push(id);
      return id;
    };
    let id: string;
    try {
      const { data, attributes } = envelope(ctx.body, { typeRequired: true, attributesRequired: true });
      const filename =
        attributes.filename === undefined && on(env.behaviour, 'rm.candidate-files.create.filename-optional')
          ? 'upload.bin'
          : presentString(attributes, 'filename');
      const content = presentString(attributes, 'content');
      if (!isBase64(content) && !on(env.behaviour, 'rm.variant.file-content-any-string'))
        throw invalid('content must be base64-encoded', '/data/attributes/content');
      const options = isRecord(data.options) ? data.options : isRecord(ctx.body) && isRecord(ctx.body.options) ? ctx.body.options : {};
      if (options.parse_resume !== undefined && typeof options.parse_resume !== 'boolean')
        throw invalid('options.parse_resume must be a boolean', '/data/options/parse_resume');
      id = attach(filename, content, options.parse_resume === true);
    } catch (error) {
      if (error instanceof HttpError && error.status === 422 && on(env.behaviour, 'rm.candidate-files.refused-400'))
        throw new HttpError(400, error.detail, error.pointer);
      // The refused-still-attached fault keeps a (broken) file although the answer is 422.
      if (error instanceof HttpError && on(env.behaviour, 'rm.candidate-files.refused-still-attached'))
        attach('refused-upload.bin', '', false);
      throw error;
    }
    const file = store.files.get(id);
    if (!file) throw new Error('file vanished');
    sendDoc(env, ctx, on(env.behaviour, 'rm.candidate-files.create.status-200') ? 200 : 201, { data: resources.file(file) });
  });
};

/** `school` / `company`: an object whose name is present and not blank (000 §2, §4: blank name -> 422). */
function namedObject(attributes: Record<string, unknown>, member: 'school' | 'company', lenient: boolean, spacesTaken = false): string {
  const value = attributes[member];
  if (lenient) return isRecord(value) && typeof value.name === 'string' ? value.name : '';
  if (!isRecord(value)) throw invalid(`${member} is required`, `/data/attributes/${member}`);
  // spacesTaken (the whitespace-accepted faults): only the empty string counts as blank.
  if (spacesTaken && typeof value.name === 'string' && value.name !== '') return value.name;
  return requiredString(value, 'name', `${member}.name`);
}

/** A start or end date as sent (000 §4 rule 4: layout not shown); only YYYY-MM-DD under the iso-dates-only variant (D15). */
function dateOf(env: RmApp['env'], attributes: Record<string, unknown>, name: 'start_date' | 'end_date'): string | null {
  const value = optionalString(attributes, name) ?? null;
  if (value !== null && on(env.behaviour, 'rm.variant.iso-dates-only') && !/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(value))
    throw invalid(`${name} must be a date (YYYY-MM-DD)`, `/data/attributes/${name}`);
  return value;
}

/** True when a fault answers a read of an unknown candidate's records with an empty 200. */
function unknownAnswered(app: RmApp, candidateId: string | undefined, fault: RmFaultName): boolean {
  return !app.store.candidates.has(candidateId ?? '') && on(app.env.behaviour, fault);
}

const educationRoutes: RouteModule = (router, app) => {
  const { env, store, resources } = app;
  const ofCandidate = (c: Candidate, id: string | undefined): Education | undefined => {
    const e = store.educations.get(id ?? '');
    // The created-404 fault looks in the imported educations only.
    if (e?.viaApi && on(env.behaviour, 'rm.educations.get.created-404')) return undefined;
    return e && (e.candidateId === c.id || on(env.behaviour, 'rm.educations.get.any-candidate')) ? e : undefined;
  };
  router.on('GET', '/candidates/{candidateId}/educations', (ctx) => {
    if (unknownAnswered(app, ctx.params.candidateId, 'rm.educations.list.unknown-candidate-200'))
      return sendDoc(env, ctx, 200, { data: [], meta: { total_count: 0 } });
    const c = candidateOr404(app, ctx.params.candidateId);
    // The not-listed fault lists the imported educations only.
    const listed = pick(store.educations, c.educations).filter((e) => !(e.viaApi && on(env.behaviour, 'rm.educations.create.not-listed')));
    // The every-candidate fault lists every other candidate's educations after the candidate's own.
    const others = on(env.behaviour, 'rm.educations.list.every-candidate')
      ? [...store.educations.values()].filter((e) => e.candidateId !== c.id).sort(bySeq)
      : [];
    const page = paginate(env, [...listed.sort(bySeq), ...others], parsePaging(env, ctx.query));
    sendDoc(env, ctx, 200, { data: page.items.map((e) => resources.education(e)), meta: page.meta });
  });
  router.on('POST', '/candidates/{candidateId}/educations', (ctx) => {
    const c = candidateOr404(app, ctx.params.candidateId);
    const { attributes } = envelope(ctx.body, { typeRequired: true, attributesRequired: true });
    const schoolName = namedObject(
      attributes,
      'school',
      on(env.behaviour, 'rm.educations.create.blank-school-accepted'),
      on(env.behaviour, 'rm.educations.create.whitespace-school-accepted'),
    );
    const fields = {
      course: optionalString(attributes, 'course') ?? null,
      startDate: dateOf(env, attributes, 'start_date'),
      endDate: dateOf(env, attributes, 'end_date'),
    };
    const now = env.now();
    const id = store.ids.next('education');
    const education: Education = {
      seq: store.nextSeq(),
      id,
      uid: randomBytes(8).toString('hex'),
      candidateId: c.id,
      schoolName,
      ...fields,
      created: now,
      updated: now,
      viaApi: true,
    };
    store.educations.set(id, education);
    c.educations.push(id);
    sendDoc(env, ctx, on(env.behaviour, 'rm.variant.related-post-200') ? 200 : 201, { data: resources.education(education) });
  });
  router.on('GET', '/candidates/{candidateId}/educations/{educationId}', (ctx) => {
    const c = candidateOr404(app, ctx.params.candidateId);
    const e = ofCandidate(c, ctx.params.educationId);
    if (!e && on(env.behaviour, 'rm.educations.get.missing-200')) return sendDoc(env, ctx, 200, { data: null });
    if (!e) throw notFound('education', ctx.params.educationId ?? '');
    sendDoc(env, ctx, 200, { data: resources.education(e) });
  });
};

const employmentRoutes: RouteModule = (router, app) => {
  const { env, store, resources } = app;
  router.on('GET', '/candidates/{candidateId}/employments', (ctx) => {
    if (unknownAnswered(app, ctx.params.candidateId, 'rm.employments.list.unknown-candidate-200'))
      return sendDoc(env, ctx, 200, { data: [], meta: { total_count: 0 } });
    const c = candidateOr404(app, ctx.params.candidateId);
    const page = paginate(env, pick(store.employments, c.employments).sort(bySeq), parsePaging(env, ctx.query));
    sendDoc(env, ctx, 200, { data: page.items.map((e) => resources.employment(e)), meta: page.meta });
  });
  router.on('POST', '/candidates/{candidateId}/employments', (ctx) => {
    const c = candidateOr404(app, ctx.params.candidateId);
    const { attributes } = envelope(ctx.body, { typeRequired: true, attributesRequired: true });
    const fieldsOf = (): Omit<Employment, 'seq' | 'id' | 'uid' | 'candidateId' | 'companyName' | 'created' | 'updated'> => ({
      title: optionalString(attributes, 'title') ?? null,
      locality: optionalString(attributes, 'locality') ?? null,
      startDate: dateOf(env, attributes, 'start_date'),
      endDate: dateOf(env, attributes, 'end_date'),
    });
    const save = (companyName: string, fields: ReturnType<typeof fieldsOf>): Employment => {
      const now = env.now();
      const id = store.ids.next('employment');
      const record: Employment = {
        seq: store.nextSeq(),
        id,
        uid: randomBytes(8).toString('hex'),
        candidateId: c.id,
        companyName,
        ...fields,
        created: now,
        updated: now,
      };
      // The not-persisted fault answers the record without storing it.
      if (on(env.behaviour, 'rm.employments.create.not-persisted')) return record;
      store.employments.set(id, record);
      c.employments.push(id);
      return record;
    };
    let companyName: string;
    try {
      companyName = namedObject(
        attributes,
        'company',
        on(env.behaviour, 'rm.employments.create.blank-company-accepted'),
        on(env.behaviour, 'rm.employments.create.whitespace-company-accepted'),
      );
    } catch (error) {
      // The refused-still-created fault saves the record before validating it.
      if (error instanceof HttpError && on(env.behaviour, 'rm.employments.create.refused-still-created')) {
        const company = attributes.company;
        save(isRecord(company) && typeof company.name === 'string' ? company.name : '', fieldsOf());
      }
      throw error;
    }
    const employment = save(companyName, fieldsOf());
    sendDoc(env, ctx, on(env.behaviour, 'rm.variant.related-post-200') ? 200 : 201, { data: resources.employment(employment) });
  });
  router.on('GET', '/candidates/{candidateId}/employments/{employmentId}', (ctx) => {
    const c = candidateOr404(app, ctx.params.candidateId);
    const e = store.employments.get(ctx.params.employmentId ?? '');
    // The any-candidate fault finds the employment by its id alone.
    if (!e || (e.candidateId !== c.id && !on(env.behaviour, 'rm.employments.get.any-candidate')))
      throw notFound('employment', ctx.params.employmentId ?? '');
    sendDoc(env, ctx, 200, { data: resources.employment(e) });
  });
};
