/** Static lists (000 §3, §4): GET /lists and list membership by PUT and DELETE. */
import { filterKeys } from '../filters';
import type { StaticList } from '../model';
import { paginate, parsePaging } from '../pagination';
import { badRequest, notFound, sendDoc, sendNoContent } from '../respond';
import { uidFrom } from '../ids';
import { bySeq, candidateOr404, type RmApp, type RouteModule } from './app';
import { on } from '../../switches';

function listOr404(app: RmApp, id: string | undefined): StaticList {
  const list = app.store.lists.get(id ?? '');
  if (!list) throw notFound('list', id ?? '');
  return list;
}

/** A list made up on the fly for an unknown id (rm.lists.add.unknown-list-201). */
function implicitList(app: RmApp, id: string): void {
  const now = app.env.now();
  app.store.lists.set(id, {
    seq: app.store.nextSeq(),
    id,
    uid: uidFrom(`list:${id}`),
    name: id,
    created: now,
    updated: now,
    members: new Set(),
    frozenCount: 0,
  });
}

export const listRoutes: RouteModule = (router, app) => {
  const { env, store, resources } = app;
  /** Memberships once removed; the fault rm.lists.readd-after-delete-200 remembers them. */
  const removed = new Set<string>();

  router.on('GET', '/lists', (ctx) => {
    const unknown = filterKeys(ctx.query);
    if (unknown.length > 0) throw badRequest(`GET /lists takes no filter (got ${unknown.join(', ')})`, unknown[0]);
    const paged = ['page', 'per_page'].filter((name) => ctx.query.has(name));
    if (paged.length > 0 && on(env.behaviour, 'rm.lists.list.page-params-400'))
      throw badRequest(`GET /lists takes no query parameters (got ${paged.join(', ')})`, paged[0]);
    const page = paginate(env, [...store.lists.values()].sort(bySeq), parsePaging(env, ctx.query));
    sendDoc(env, ctx, 200, { data: page.items.map((l) => resources.list(l)), meta: page.meta });
  });

  router.on('PUT', '/lists/{listId}/candidates/{candidateId}', (ctx) => {
    // The unknown-list-201 fault creates a list it does not know (find or create).
    if (!store.lists.has(ctx.params.listId ?? '') && on(env.behaviour, 'rm.lists.add.unknown-list-201'))
      implicitList(app, ctx.params.listId ?? '');
    const list = listOr404(app, ctx.params.listId);
    if (!store.candidates.has(ctx.params.candidateId ?? '') && on(env.behaviour, 'rm.lists.add.unknown-candidate-201'))
      return sendDoc(env, ctx, 201, { data: resources.list(list) });
    const candidate = candidateOr404(app, ctx.params.candidateId);
    const already = list.members.has(candidate.id);
    // The member-of-any-list-200 fault asks whether the candidate is in any list at all.
    const inAnyList = candidate.lists.size > 0;
    // The toggles fault removes a candidate already in the list (and still answers 200).
    if (already && on(env.behaviour, 'rm.lists.readd.toggles')) {
      store.removeMember(list, candidate);
      return sendDoc(env, ctx, 200, { data: resources.list(list) });
    }
    // The candidate-rel-stale fault adds to the list's side only.
    let added: boolean;
    if (on(env.behaviour, 'rm.lists.candidate-rel-stale')) {
      list.members.add(candidate.id);
      added = !already;
    } else added = store.addMember(list, candidate);
    if (!added && on(env.behaviour, 'rm.lists.count-counts-readd')) list.readds = (list.readds ?? 0) + 1;
    const remembered = on(env.behaviour, 'rm.lists.readd-after-delete-200') && removed.has(`${list.id} ${ctx.params.candidateId ?? ''}`);
    const first = added && !(inAnyList && on(env.behaviour, 'rm.lists.add.member-of-any-list-200'));
    sendDoc(env, ctx, (first && !remembered) || on(env.behaviour, 'rm.lists.add.always-201') ? 201 : 200, { data: resources.list(list) });
  });

  router.on('DELETE', '/lists/{listId}/candidates/{candidateId}', (ctx) => {
    const list = listOr404(app, ctx.params.listId);
    // The unknown-candidate-204 fault deletes whatever matches, and nothing matching is no error.
    if (!store.candidates.has(ctx.params.candidateId ?? '') && on(env.behaviour, 'rm.lists.remove.unknown-candidate-204'))
      return sendNoContent(ctx);
    const candidate = candidateOr404(app, ctx.params.candidateId);
    // 000 §3's DELETE row is about a candidate in the list; for one that is not, a variant answers 404 (the membership is not found).
    if (!list.members.has(candidate.id) && on(env.behaviour, 'rm.variant.remove-non-member-404'))
      throw notFound('membership of candidate in list', candidate.id);
    if (!on(env.behaviour, 'rm.lists.remove.leaves-member')) store.removeMember(list, candidate);
    if (on(env.behaviour, 'rm.lists.remove.from-every-list'))
      for (const other of store.lists.values()) store.removeMember(other, candidate);
    removed.add(`${list.id} ${ctx.params.candidateId ?? ''}`);
    if (on(env.behaviour, 'rm.lists.remove.status-200')) return sendDoc(env, ctx, 200, { data: resources.list(list) });
    sendNoContent(ctx);
  });
};
