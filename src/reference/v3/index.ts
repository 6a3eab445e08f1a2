/** HR core and Learning v3 in the reference server (001_a9e2e7eab7c908bd.txt). Minimal slice; grown by the v3 issue. */
import { createHmac, randomUUID } from 'node:crypto';
import { EMBEDDED } from '../../config/embedded';
import type { Behaviour } from '../behaviour';
import { Router, isRecord, send, type Ctx } from '../http-kit';
import type { ApiModule } from '../module';

const SIGNING_KEY = 'reference-signing-key';
const LIFETIME_S = 300;

function b64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

function sign(claims: Record<string, unknown>): string {
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify(claims));
  return `${head}.${body}.${b64url(createHmac('sha256', SIGNING_KEY).update(`${head}.${body}`).digest())}`;
}

function verify(token: string): Record<string, unknown> | null {
  const [head, body, sig] = token.split('.');
  if (!head || !body || !sig) return null;
  if (b64url(createHmac('sha256', SIGNING_KEY).update(`${head}.${body}`).digest()) !== sig) return null;
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
  if (typeof claims.exp !== 'number' || claims.exp * 1000 < Date.now()) return null;
  return claims;
}

export function createV3Module(_behaviour: Behaviour, _tenant: string): ApiModule {
  const employees = new Map<string, Record<string, unknown>>();
  const activities = new Map<string, Record<string, unknown>>();
  let nextId = 1;

  const router = new Router()
    .on('PUT', '/hrcore/employee', (ctx) => {
      if (!isRecord(ctx.body) || typeof ctx.body.externalId !== 'string') return send(ctx, 400, { message: 'externalId is required' });
      employees.set(ctx.body.externalId, { ...employees.get(ctx.body.externalId), ...ctx.body });
      send(ctx, 200, { externalId: ctx.body.externalId });
    })
    .on('PUT', '/learning/activities/externalId/{externalId}', (ctx) => {
      const id = ctx.params.externalId ?? '';
      const body = isRecord(ctx.body) ? ctx.body : {};
      const existing = activities.get(id);
      if (existing) {
        activities.set(id, { ...existing, ...body });
        return send(ctx, 200, {});
      }
      for (const f of ['provider', 'owner', 'accessLevel', 'title']) if (body[f] === undefined) return send(ctx, 400, { message: `${f} is required` });
      const created = { ...body, id: nextId++, aggregateId: randomUUID() };
      activities.set(id, created);
      send(ctx, 201, { id: created.id, aggregateId: created.aggregateId, url: `https://learning.example.test/activities/${String(created.id)}` });
    });

  const token = (ctx: Ctx): void => {
    const form = new URLSearchParams(ctx.rawBody);
    const clientId = form.get('client_id');
    const secret = form.get('client_secret');
    if (form.get('grant_type') !== 'client_credentials') return send(ctx, 400, { error: 'unsupported_grant_type' });
    if (clientId !== EMBEDDED.hr.clientId || secret !== EMBEDDED.hr.clientSecret) return send(ctx, 401, { error: 'invalid_client' });
    const scope = form.get('scope') ?? '';
    const now = Math.floor(Date.now() / 1000);
    send(ctx, 200, { access_token: sign({ sub: clientId, scope, iat: now, exp: now + LIFETIME_S }), token_type: 'Bearer', expires_in: LIFETIME_S, scope });
  };

  return {
    async handle(ctx) {
      if (ctx.path === '/oauth/token' && ctx.method === 'POST') return token(ctx);
      const auth = ctx.req.headers.authorization ?? '';
      const claims = auth.startsWith('Bearer ') ? verify(auth.slice(7)) : null;
      if (!claims) return send(ctx, 401, { message: 'Unauthorized' });
      const match = router.match(ctx.method, ctx.path);
      if (match === null) return send(ctx, 404, { message: 'Not Found' });
      if (match === 'methodNotAllowed') return send(ctx, 405, { message: 'Method Not Allowed' });
      await match.handler({ ...ctx, params: match.params });
    },
    snapshot: () => ({ employees: [...employees.keys()], activities: [...activities.entries()].map(([k, v]) => ({ externalId: k, isArchived: v.isArchived === true })) }),
  };
}
