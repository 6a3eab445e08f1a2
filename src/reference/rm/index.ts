/** RM v2 in the reference server (000_6053abef4cebe6dd.txt). Minimal slice; grown by the RM issue. */
import { randomUUID } from 'node:crypto';
import { EMBEDDED } from '../../config/embedded';
import type { Behaviour } from '../behaviour';
import { Router, isRecord, send, type Ctx } from '../http-kit';
import type { ApiModule } from '../module';

const JSONAPI = 'application/vnd.api+json';

interface Candidate {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  created: number;
  updated: number;
  lists: Set<string>;
}

function dateTime(ms: number): Record<string, unknown> {
  const iso = new Date(ms).toISOString();
  return { utc: iso, epoch: Math.floor(ms / 1000), ago: 'just now', local: iso, local_epoch: Math.floor(ms / 1000) };
}

export function createRmModule(behaviour: Behaviour): ApiModule {
  const candidates = new Map<string, Candidate>();
  const lists = new Map<string, { id: string; name: string; created: number }>();
  const base = Date.UTC(2025, 0, 1);
  for (let i = 1; i <= 30; i += 1) {
    const id = `cand-${String(i).padStart(4, '0')}`;
    candidates.set(id, { id, email: `person${i}@example.com`, first_name: `First${i}`, last_name: `Last${i}`, created: base + i * 3600_000, updated: base + i * 3600_000, lists: new Set() });
  }
  lists.set(EMBEDDED.rm.listId, { id: EMBEDDED.rm.listId, name: 'Talent pool', created: base });

  const candidateResource = (c: Candidate): Record<string, unknown> => ({
    id: c.id,
    type: 'candidates',
    attributes: { uid: c.id.replace(/-/g, ''), email: c.email, first_name: c.first_name, last_name: c.last_name, name: [c.first_name, c.last_name].filter(Boolean).join(' '), created_at: dateTime(c.created), updated_at: dateTime(c.updated) },
    relationships: { lists: { data: [...c.lists].map((id) => ({ id, type: 'static_lists' })) } },
  });
  const listResource = (l: { id: string; name: string; created: number }): Record<string, unknown> => ({
    id: l.id,
    type: 'company_lists',
    attributes: { uid: l.id, name: l.name, created_at: dateTime(l.created), updated_at: dateTime(l.created), count: [...candidates.values()].filter((c) => c.lists.has(l.id)).length },
  });
  const ok = (ctx: Ctx, status: number, body: unknown): void => send(ctx, status, body, JSONAPI);
  const error = (ctx: Ctx, status: number, title: string): void => send(ctx, status, { errors: [{ status: String(status), title }] }, JSONAPI);
  const page = <T>(ctx: Ctx, items: T[]): T[] => {
    const per = Number(ctx.query.get('per_page') ?? 25);
    const num = Number(ctx.query.get('page') ?? 1);
    return items.slice((num - 1) * per, num * per);
  };

  const router = new Router()
    .on('GET', '/candidates', (ctx) => ok(ctx, 200, { data: page(ctx, [...candidates.values()]).map(candidateResource), meta: {} }))
    .on('POST', '/candidates', (ctx) => {
      const data = isRecord(ctx.body) ? ctx.body.data : undefined;
      const attrs = isRecord(data) && isRecord(data.attributes) ? data.attributes : {};
      const email = attrs.email;
      if (!isRecord(data) || typeof data.type !== 'string' || typeof email !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) return error(ctx, 422, 'Unprocessable Entity');
      const now = Date.now();
      const c: Candidate = { id: randomUUID(), email, first_name: typeof attrs.first_name === 'string' ? attrs.first_name : null, last_name: typeof attrs.last_name === 'string' ? attrs.last_name : null, created: now, updated: now, lists: new Set() };
      candidates.set(c.id, c);
      ok(ctx, 201, { data: candidateResource(c) });
    })
    .on('GET', '/candidates/{candidateId}', (ctx) => {
      const c = candidates.get(ctx.params.candidateId ?? '');
      if (!c) return error(ctx, 404, 'Not Found');
      ok(ctx, 200, { data: candidateResource(c) });
    })
    .on('GET', '/lists', (ctx) => ok(ctx, 200, { data: page(ctx, [...lists.values()]).map(listResource) }))
    .on('PUT', '/lists/{listId}/candidates/{candidateId}', (ctx) => {
      const c = candidates.get(ctx.params.candidateId ?? '');
      const l = lists.get(ctx.params.listId ?? '');
      if (!c || !l) return error(ctx, 404, 'Not Found');
      const added = !c.lists.has(l.id);
      c.lists.add(l.id);
      ok(ctx, added ? 201 : 200, { data: listResource(l) });
    })
    .on('DELETE', '/lists/{listId}/candidates/{candidateId}', (ctx) => {
      const c = candidates.get(ctx.params.candidateId ?? '');
      const l = lists.get(ctx.params.listId ?? '');
      if (!c || !l) return error(ctx, 404, 'Not Found');
      c.lists.delete(l.id);
      send(ctx, 204);
    });

  const expectedAuth = `Basic ${Buffer.from(`${EMBEDDED.rm.apiKey}:${EMBEDDED.rm.apiSecret}`).toString('base64')}`;
  return {
    async handle(ctx) {
      const skipAuth = behaviour.has('rm.auth.not-enforced-on-list') && ctx.method === 'GET' && ctx.path === '/candidates';
      if (!skipAuth && ctx.req.headers.authorization !== expectedAuth) return error(ctx, 401, 'Invalid API credentials');
      const match = router.match(ctx.method, ctx.path);
      if (match === null) return error(ctx, 404, 'Not Found');
      if (match === 'methodNotAllowed') return error(ctx, 405, 'Method Not Allowed');
      await match.handler({ ...ctx, params: match.params });
    },
    snapshot: () => ({ memberships: [...candidates.values()].flatMap((c) => [...c.lists].map((l) => ({ list: l, candidate: c.id }))) }),
  };
}
