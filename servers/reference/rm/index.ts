/**
 * RM v2 in the reference server (000_6053abef4cebe6dd.txt): every operation of 000 §4 over an
 * in-memory store filled deterministically (starting-records.ts), mounted under /v2 by ../server.ts.
 * Order per request: credentials (401 on every operation), routing (404/405), the handler; a
 * handler's `HttpError` becomes an error answer, anything else a 500 from the server.
 */
import { gzipSync } from 'node:zlib';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Behaviour } from '../behaviour';
import { Router, send } from '../http-kit';
import type { ApiModule } from '../module';
import { refusal } from './auth';
import { invalidWrite, missingRecord } from './auth-order';
import { createEnv, type RmEnv } from './env';
import { IdFactory } from './ids';
import { HttpError, sendError } from './respond';
import { Resources } from './resources';
import { activityRoutes } from './routes/activity';
import type { RmApp } from './routes/app';
import { atsRoutes } from './routes/ats';
import { candidateRoutes } from './routes/candidates';
import { jobRoutes } from './routes/jobs';
import { listRoutes } from './routes/lists';
import { recruitmentEventRoutes } from './routes/recruitment-events';
import { relatedRoutes } from './routes/related';
import { loadStartingRecords } from './starting-records';
import { Store } from './store';
import { on } from '../switches';

/**
 * Jobs as two variants need them: jobs-open-only closes every starting job but the first a year from
 * now; search-ranked-page-2 adds 12 live jobs whose description mentions every title.
 */
function adjustJobs(env: RmEnv, store: Store): void {
  const jobs = [...store.jobs.values()];
  const year = 365 * 86_400_000;
  if (on(env.behaviour, 'rm.variant.jobs-open-only')) for (const job of jobs.slice(1)) job.closing = env.now() + year;
  const first = jobs[0];
  if (!on(env.behaviour, 'rm.variant.search-ranked-page-2') || !first) return;
  const titles = jobs.map((j) => j.title).join('; ');
  for (let n = 0; n < 12; n += 1) {
    const id = store.ids.next('job');
    store.jobs.set(id, {
      ...first,
      seq: store.nextSeq(),
      id,
      uid: `jobextra${n}`,
      atsUid: `REQ-${3001 + n}`,
      requisitionId: `R${8101 + n}`,
      title: `Opening ${n + 1}`,
      status: 'live',
      description: `Also see: ${titles}.`,
    });
  }
}

/** rm.variant.gzip-always: every answer with a body goes gzip-encoded, whatever the request accepts (RFC 9110 §12.5.3). */
function gzipAnswers(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res);
  const end = res.end.bind(res);
  let status = 200;
  let headers: OutgoingHttpHeaders = {};
  res.writeHead = ((code: number, h?: OutgoingHttpHeaders) => {
    status = code;
    headers = h ?? {};
    return res;
  }) as typeof res.writeHead;
  res.end = ((chunk?: unknown) => {
    const body = chunk === undefined ? Buffer.alloc(0) : Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    if (body.length === 0) {
      writeHead(status, headers);
      return end();
    }
    const zipped = gzipSync(body);
    writeHead(status, { ...headers, 'content-encoding': 'gzip', 'content-length': zipped.length, vary: 'Accept-Encoding' });
    return end(zipped);
  }) as typeof res.end;
}

/** The nginx auth_basic page (rm.variant.auth-401-html). */
const NGINX_401 =
  '<html>\r\n<head><title>401 Authorization Required</title></head>\r\n<body>\r\n<center><h1>401 Authorization Required</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

export function createRmModule(behaviour: Behaviour): ApiModule {
  const env = createEnv(behaviour);
  const store = new Store(new IdFactory(on(env.behaviour, 'rm.variant.uuid-ids')));
  loadStartingRecords(store, {
    now: env.now(),
    fractions: !on(env.behaviour, 'rm.variant.timestamps-seconds'),
    sparseEventLinks: on(env.behaviour, 'rm.variant.null-to-one'),
    extraEventKind: on(env.behaviour, 'rm.variant.extra-event-kind'),
    microseconds: on(env.behaviour, 'rm.variant.timestamps-microseconds'),
  });
  adjustJobs(env, store);
  const app: RmApp = { env, store, resources: new Resources(store, env) };
  const router = new Router();
  for (const routes of [candidateRoutes, relatedRoutes, activityRoutes, listRoutes, jobRoutes, recruitmentEventRoutes, atsRoutes])
    routes(router, app);

  // Counters of the rate-limit variants: every request, and every write.
  let requests = 0;
  let writes = 0;
  const throttled = new Set<string>();
  return {
    async handle(ctx) {
      if (on(env.behaviour, 'rm.variant.gzip-always')) gzipAnswers(ctx.res);
      // rate-limit-no-retry-after: every 200th request refused before anything is done, with no Retry-After.
      requests += 1;
      if (on(env.behaviour, 'rm.variant.rate-limit-no-retry-after') && requests % 200 === 0)
        return sendError(env, ctx, 429, 'rate limit exceeded');
      // writes-rate-limited: every 25th POST or PATCH refused before anything is done, with Retry-After: 1; the same
      // write sent again after that second is taken (the limiter's window has moved on).
      if (on(env.behaviour, 'rm.variant.writes-rate-limited') && (ctx.method === 'POST' || ctx.method === 'PATCH')) {
        const key = `${ctx.method} ${ctx.url.pathname} ${ctx.rawBody}`;
        writes += 1;
        if (writes % 25 === 0 && !throttled.has(key)) {
          throttled.add(key);
          ctx.res.setHeader('retry-after', '1');
          return sendError(env, ctx, 429, 'write rate limit exceeded');
        }
      }
      const refused = refusal(env, ctx);
      let match: ReturnType<Router['match']>;
      try {
        match = router.match(ctx.method, ctx.path);
      } catch {
        match = null; // a path segment with broken percent-encoding names nothing
      }
      if (refused) {
        // Two faults look at the record or the body before the credentials.
        const routed = match !== null && match !== 'methodNotAllowed' ? match : null;
        if (routed && on(env.behaviour, 'rm.auth.checked-after-lookup') && missingRecord(store, routed.params))
          return sendError(env, ctx, 404, `no record at ${ctx.path}`);
        if (routed && on(env.behaviour, 'rm.auth.checked-after-validation') && invalidWrite(ctx.method, ctx.path, ctx.body))
          return sendError(env, ctx, 422, 'validation failed');
        // RFC 9110 §15.5.2: a 401 carries a challenge (000 §5.1: HTTP basic); the fault leaves it out.
        if (refused.status === 401 && !on(env.behaviour, 'rm.auth.401-without-challenge'))
          ctx.res.setHeader('www-authenticate', 'Basic realm="Recruitment Marketing API v2", charset="UTF-8"');
        if (refused.status === 401 && on(env.behaviour, 'rm.variant.auth-401-html')) return send(ctx, 401, NGINX_401, 'text/html');
        return sendError(env, ctx, refused.status, refused.detail);
      }
      if (match === null) return sendError(env, ctx, 404, `no operation at ${ctx.path}`);
      if (match === 'methodNotAllowed') return sendError(env, ctx, 405, `${ctx.method} is not allowed on ${ctx.path}`);
      try {
        await match.handler({ ...ctx, params: match.params });
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        sendError(env, ctx, error.status, error.detail, error.pointer);
      }
    },
    snapshot: () => ({
      candidates: store.candidates.size,
      anonymised: [...store.candidates.values()].filter((c) => c.anonymised).map((c) => c.id),
      memberships: [...store.lists.values()].flatMap((l) => [...l.members].map((candidate) => ({ list: l.id, candidate }))),
    }),
  };
}
