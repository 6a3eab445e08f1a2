/**
 * DELETE /ats_integrations/{atsIntegrationId}/candidates/{candidateAtsId} (000 §3, §4): queues the
 * candidate for anonymisation, 202. The queue is drained at once, so afterwards the candidate is
 * anonymised: gone from GET /candidates by default, found with filter[anonymised]=true. Asking
 * again for an already anonymised candidate answers 202 again (it is still known to the ATS).
 */
import { notFound, sendDoc } from '../respond';
import type { RouteModule } from './app';
import { on } from '../../switches';

export const atsRoutes: RouteModule = (router, app) => {
  const { env, store } = app;
  router.on('DELETE', '/ats_integrations/{atsIntegrationId}/candidates/{candidateAtsId}', (ctx) => {
    const integrationId = ctx.params.atsIntegrationId ?? '';
    const atsId = ctx.params.candidateAtsId ?? '';
    if (!store.integrations.has(integrationId)) throw notFound('ATS integration', integrationId);
    const candidate = store.candidateByAtsId(integrationId, atsId);
    if (!candidate && !on(env.behaviour, 'rm.ats.anonymise.unknown-202')) throw notFound('ATS candidate', atsId);
    if (candidate && !candidate.anonymised) store.anonymise(candidate, env.now());
    sendDoc(env, ctx, on(env.behaviour, 'rm.ats.anonymise.status-200') ? 200 : 202, {
      meta: { status: 'queued', candidate_ats_id: atsId },
    });
  });
};
