/**
 * DELETE /ats_integrations/{atsIntegrationId}/candidates/{candidateAtsId} (000 §3, §4): queues the
 * candidate for anonymisation, 202. The queue is drained at once, so afterwards the candidate is
 * anonymised: gone from GET /candidates by default, found with filter[anonymised]=true. Asking
 * again for an already anonymised candidate answers 202 again (it is still known to the ATS).
 */
import { notFound, sendDoc, sendNoContent } from '../respond';
import type { RouteModule } from './app';
import { on } from '../../switches';

export const atsRoutes: RouteModule = (router, app) => {
  const { env, store } = app;
  router.on('DELETE', '/ats_integrations/{atsIntegrationId}/candidates/{candidateAtsId}', (ctx) => {
    const integrationId = ctx.params.atsIntegrationId ?? '';
    const atsId = ctx.params.candidateAtsId ?? '';
    // The any-integration fault looks the ATS id up in every integration when the one named is unknown.
    const anywhere = !store.integrations.has(integrationId) && on(env.behaviour, 'rm.ats.anonymise.any-integration');
    if (!store.integrations.has(integrationId) && !anywhere) throw notFound('ATS integration', integrationId);
    const candidate = anywhere
      ? [...store.integrations.keys()].map((other) => store.candidateByAtsId(other, atsId)).find((c) => c !== undefined)
      : store.candidateByAtsId(integrationId, atsId);
    if (anywhere && !candidate) throw notFound('ATS candidate', atsId);
    if (!candidate && !on(env.behaviour, 'rm.ats.anonymise.unknown-202')) throw notFound('ATS candidate', atsId);
    if (candidate && !candidate.anonymised) store.anonymise(candidate, env.now());
    if (on(env.behaviour, 'rm.ats.anonymise.status-204')) return sendNoContent(ctx);
    sendDoc(env, ctx, on(env.behaviour, 'rm.ats.anonymise.status-200') ? 200 : 202, {
      meta: { status: 'queued', candidate_ats_id: atsId },
    });
  });
};
