/** Static lists (000 §3, §4): GET /lists and list membership by PUT and DELETE. */
import { filterKeys } from '../filters';
import type { StaticList } from '../model';
import { paginate, parsePaging } from '../pagination';
import { badRequest, notFound, sendDoc, sendNoContent } from '../respond';
import { bySeq, candidateOr404, type RmApp, type RouteModule } from './app';
import { on } from '../../switches';

function listOr404(app: RmApp, id: string | undefined): StaticList {
  const list = app.store.lists.get(id ?? '');
  if (!list) throw notFound('list', id ?? '');
  return list;
}

export const listRoutes: RouteModule = (router, app) => {
  const { env, store, resources } = app;
  /** Memberships once removed; the fault rm.lists.readd-after-delete-200 remembers them. */
  const removed = new Set<string>();

  router.on('GET', '/lists', (ctx) => {
    const unknown = filterKeys(ctx.query);
    if (unknown.length > 0) throw badRequest(`GET /lists takes no filter (got ${unknown.join(', ')})`, unknown[0]);
    const page = paginate(env, [...store.lists.values()].sort(bySeq), parsePaging(env, ctx.query));
    sendDoc(env, ctx, 200, { data: page.items.map((l) => resources.list(l)), meta: page.meta });
  });

  router.on('PUT', '/lists/{listId}/candidates/{candidateId}', (ctx) => {
    const list = listOr404(app, ctx.params.listId);
    if (!store.candidates.has(ctx.params.candidateId ?? '') && on(env.behaviour, 'rm.lists.add.unknown-candidate-201'))
      return sendDoc(env, ctx, 201, { data: resources.list(list) });
    const added = store.addMember(list, candidateOr404(app, ctx.params.candidateId));
    const remembered = on(env.behaviour, 'rm.lists.readd-after-delete-200') && removed.has(`${list.id} ${ctx.params.candidateId ?? ''}`);
    sendDoc(env, ctx, (added && !remembered) || on(env.behaviour, 'rm.lists.add.always-201') ? 201 : 200, { data: resources.list(list) });
  });

  router.on('DELETE', '/lists/{listId}/candidates/{candidateId}', (ctx) => {
    const list = listOr404(app, ctx.params.listId);
    const candidate = candidateOr404(app, ctx.params.candidateId);
    // 000 §3's DELETE row is about a candidate in the list; for one that is not, a variant answers 404 (the membership is not found).
    if (!list.members.has(candidate.id) && on(env.behaviour, 'rm.variant.remove-non-member-404'))
      throw notFound('membership of candidate in list', candidate.id);
    if (!on(env.behaviour, 'rm.lists.remove.leaves-member')) store.removeMember(list, candidate);
    removed.add(`${list.id} ${ctx.params.candidateId ?? ''}`);
    if (on(env.behaviour, 'rm.lists.remove.status-200')) return sendDoc(env, ctx, 200, { data: resources.list(list) });
    sendNoContent(ctx);
  });
};
