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
import { bySeq, candidateOr404, pick, type RouteModule } from './app';
import { on } from '../../switches';

export const relatedRoutes: RouteModule = (router, app) => {
  tagRoutes(router, app);
  fileRoutes(router, app);
  educationRoutes(router, app);
  employmentRoutes(router, app);
  router.on('GET', '/candidates/{candidateId}/job_alert_subscriptions', (ctx) => {
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
    const data = taggingsOf(candidateOr404(app, ctx.params.candidateId));
    sendDoc(env, ctx, 200, { data, meta: { total_count: data.length } });
  });

  // 000 §4 lists `email` as required here although no such property exists: only name is required.
  router.on('POST', '/candidates/{candidateId}/tags', (ctx) => {
    const c = candidateOr404(app, ctx.params.candidateId);
    const { attributes } = envelope(ctx.body, { typeRequired: true, attributesRequired: false });
    const name = requiredString(attributes, 'name').trim();
    const { id } = addTagging(app, c, name, env.now());
    const tagging = store.taggings.get(id);
    if (!tagging) throw new Error('tagging vanished');
    sendDoc(env, ctx, 200, { data: on(env.behaviour, 'rm.variant.tags-post-list') ? taggingsOf(c) : resources.tagging(tagging) });
  });

  router.on('DELETE', '/candidates/{candidateId}/tags/{tagId}', (ctx) => {
    const c = candidateOr404(app, ctx.params.candidateId);
    const tagId = ctx.params.tagId ?? '';
    if (!c.taggings.includes(tagId)) throw notFound('tag', tagId);
    if (!on(env.behaviour, 'rm.tags.delete.not-removed')) {
      c.taggings = c.taggings.filter((id) => id !== tagId);
      store.taggings.delete(tagId);
    }
    const data = taggingsOf(c);
    sendDoc(env, ctx, 200, { data, meta: { total_count: data.length } });
  });
};

const fileRoutes: RouteModule = (router, app) => {
  const { env, store, resources } = app;
  router.on('POST', '/candidates/{candidateId}/candidate_files', (ctx) => {
    const c = candidateOr404(app, ctx.params.candidateId);
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
      const filename = presentString(attributes, 'filename');
      const content = presentString(attributes, 'content');
      if (!isBase64(content) && !on(env.behaviour, 'rm.variant.file-content-any-string'))
        throw invalid('content must be base64-encoded', '/data/attributes/content');
      const options = isRecord(data.options) ? data.options : isRecord(ctx.body) && isRecord(ctx.body.options) ? ctx.body.options : {};
      if (options.parse_resume !== undefined && typeof options.parse_resume !== 'boolean')
        throw invalid('options.parse_resume must be a boolean', '/data/options/parse_resume');
      id = attach(filename, content, options.parse_resume === true);
    } catch (error) {
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
function namedObject(attributes: Record<string, unknown>, member: 'school' | 'company', lenient: boolean): string {
  const value = attributes[member];
  if (lenient) return isRecord(value) && typeof value.name === 'string' ? value.name : '';
  if (!isRecord(value)) throw invalid(`${member} is required`, `/data/attributes/${member}`);
  return requiredString(value, 'name', `${member}.name`);
}

const educationRoutes: RouteModule = (router, app) => {
  const { env, store, resources } = app;
  const ofCandidate = (c: Candidate, id: string | undefined): Education | undefined => {
    const e = store.educations.get(id ?? '');
    return e && (e.candidateId === c.id || on(env.behaviour, 'rm.educations.get.any-candidate')) ? e : undefined;
  };
  router.on('GET', '/candidates/{candidateId}/educations', (ctx) => {
    const c = candidateOr404(app, ctx.params.candidateId);
    const page = paginate(env, pick(store.educations, c.educations).sort(bySeq), parsePaging(env, ctx.query));
    sendDoc(env, ctx, 200, { data: page.items.map((e) => resources.education(e)), meta: page.meta });
  });
  router.on('POST', '/candidates/{candidateId}/educations', (ctx) => {
    const c = candidateOr404(app, ctx.params.candidateId);
    const { attributes } = envelope(ctx.body, { typeRequired: true, attributesRequired: true });
    const schoolName = namedObject(attributes, 'school', on(env.behaviour, 'rm.educations.create.blank-school-accepted'));
    const fields = {
      course: optionalString(attributes, 'course') ?? null,
      startDate: optionalString(attributes, 'start_date') ?? null,
      endDate: optionalString(attributes, 'end_date') ?? null,
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
    const c = candidateOr404(app, ctx.params.candidateId);
    const page = paginate(env, pick(store.employments, c.employments).sort(bySeq), parsePaging(env, ctx.query));
    sendDoc(env, ctx, 200, { data: page.items.map((e) => resources.employment(e)), meta: page.meta });
  });
  router.on('POST', '/candidates/{candidateId}/employments', (ctx) => {
    const c = candidateOr404(app, ctx.params.candidateId);
    const { attributes } = envelope(ctx.body, { typeRequired: true, attributesRequired: true });
    const companyName = namedObject(attributes, 'company', on(env.behaviour, 'rm.employments.create.blank-company-accepted'));
    const fields = {
      title: optionalString(attributes, 'title') ?? null,
      locality: optionalString(attributes, 'locality') ?? null,
      startDate: optionalString(attributes, 'start_date') ?? null,
      endDate: optionalString(attributes, 'end_date') ?? null,
    };
    const now = env.now();
    const id = store.ids.next('employment');
    const employment: Employment = {
      seq: store.nextSeq(),
      id,
      uid: randomBytes(8).toString('hex'),
      candidateId: c.id,
      companyName,
      ...fields,
      created: now,
      updated: now,
    };
    store.employments.set(id, employment);
    c.employments.push(id);
    sendDoc(env, ctx, on(env.behaviour, 'rm.variant.related-post-200') ? 200 : 201, { data: resources.employment(employment) });
  });
  router.on('GET', '/candidates/{candidateId}/employments/{employmentId}', (ctx) => {
    const c = candidateOr404(app, ctx.params.candidateId);
    const e = store.employments.get(ctx.params.employmentId ?? '');
    if (!e || e.candidateId !== c.id) throw notFound('employment', ctx.params.employmentId ?? '');
    sendDoc(env, ctx, 200, { data: resources.employment(e) });
  });
};
