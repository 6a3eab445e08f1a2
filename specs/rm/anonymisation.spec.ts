/**
 * Anonymisation by ATS id (000 §3: "DELETE anonymise-by-ATS-id operation | candidate and integration
 * exist | queued for anonymisation | response 202"; 000 §4: 404 when the integration or candidate is
 * missing). The success path cannot be undone: it runs only with CONFORMANCE_ALLOW_DESTRUCTIVE=1 and
 * RM_ATS_INTEGRATION_ID / RM_ATS_CANDIDATE_ID (always against the embedded server). The 404 paths always run.
 */
import { declares, test, expectDocumented, expectNotFound, type Target, bodyShape } from '../kit';
import { eventually, unknownId, walkNumeric } from '../kit/rm';
import { operation } from '../../contract/catalogue';

const op = operation('rm.ats-candidates.anonymise');

type Observe = (category: 'other', subject: string, value: string) => void;

/**
 * The 404 cases (000 §4: 404 when the integration or the candidate is missing): which id is unknown,
 * the label its error body is observed under, and the path ids that make it so (`params` may observe
 * how it chose the other id).
 */
const UNKNOWN: readonly {
  what: string;
  label: string;
  params: (target: Target, observe: Observe) => { atsIntegrationId: string; candidateAtsId: string };
}[] = [
  {
    what: 'integration',
    label: 'unknown integration',
    // An integration that does not exist: nothing can be anonymised whatever the candidate id.
    params: (target) => ({ atsIntegrationId: unknownId(), candidateAtsId: target.rm?.atsCandidateId ?? `ATS-${unknownId()}` }),
  },
  {
    what: 'ATS candidate',
    label: 'unknown candidate',
    params: (target, observe) => {
      const atsIntegrationId = target.rm?.atsIntegrationId ?? unknownId();
      if (!target.rm?.atsIntegrationId) {
        observe('other', 'anonymisation 404 (unknown candidate)', 'RM_ATS_INTEGRATION_ID is unset: the integration is unknown too');
      }
      return { atsIntegrationId, candidateAtsId: `conformance-missing-${unknownId()}` };
    },
  },
];

test.describe('anonymisation', () => {
  test(
    'DELETE /ats_integrations/{atsIntegrationId}/candidates/{candidateAtsId} queues the candidate: 202 @destructive',
    declares('rm.ats-candidates.anonymise 202', 'rm.candidates.list 200'),
    async ({ rm, target, cleanup, observe }) => {
      const integration = target.rm?.atsIntegrationId ?? null;
      const candidate = target.rm?.atsCandidateId ?? null;
      test.skip(!target.run.allowDestructive, 'anonymisation cannot be undone: set CONFORMANCE_ALLOW_DESTRUCTIVE=1 to run it');
      test.skip(
        integration === null || candidate === null,
        'set RM_ATS_INTEGRATION_ID and RM_ATS_CANDIDATE_ID to a candidate that may be anonymised',
      );
      if (integration === null || candidate === null) return;
      const list = operation('rm.candidates.list');
      const anonymised = async (): Promise<Set<string>> =>
        new Set((await walkNumeric(rm, list, { 'filter[anonymised]': 'true' }, 100, 5)).ids);
      const before = await anonymised();
      const ex = await rm.call(op.id, { params: { atsIntegrationId: integration, candidateAtsId: candidate } });
      expectDocumented(ex, op, '202', { schema: false });
      cleanup.leftover(`ATS candidate ${candidate} of integration ${integration} queued for anonymisation (cannot be undone)`);
      observe('response-shape', 'DELETE /ats_integrations/{id}/candidates/{candidateAtsId} 202 body', bodyShape(ex.response?.text ?? ''));
      // 000 §3 promises "queued for anonymisation", not when it happens, and no documented field links
      // an RM candidate to its ATS id: what became visible is observed, never failed.
      let appeared: string[] = [];
      await eventually(
        async () => {
          appeared = [...(await anonymised())].filter((id) => !before.has(id));
          return appeared.length > 0;
        },
        3,
        500,
      );
      observe(
        'other',
        'anonymisation after 202',
        appeared.length > 0
          ? `filter[anonymised]=true lists ${appeared.length} more candidate(s) within about a second`
          : 'no new candidate under filter[anonymised]=true within about a second (queued)',
      );
    },
  );

  for (const { what, label, params } of UNKNOWN) {
    test(
      `DELETE /ats_integrations/{atsIntegrationId}/candidates/{candidateAtsId} answers 404 for an unknown ${what} @smoke`,
      declares('rm.ats-candidates.anonymise 404'),
      async ({ rm, target, observe }) => {
        const ex = await rm.call(op.id, { params: params(target, observe) });
        expectNotFound(ex, `an unknown ${what}`);
        observe(
          'error-body',
          `DELETE /ats_integrations/{id}/candidates/{candidateAtsId} 404 (${label})`,
          bodyShape(ex.response?.text ?? ''),
        );
      },
    );
  }
});
