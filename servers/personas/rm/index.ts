// Entry point: starts a Recruitment Marketing API v2 persona (lenient, strict, frameworks or alternate) on a loopback port and returns the
// INTERFACE.md RM_* variables a conformance suite needs to reach it.
import type { AddressInfo } from 'node:net';
import { type PersonaMode, choicesFor } from './choices';
import { seed } from './seed';
import { createRmServer } from './server';

export type { PersonaMode } from './choices';

export interface RmPersona {
  baseUrl: string;
  env: Record<string, string>;
  close(): Promise<void>;
}

export const RM_FILTER_CAP = 10000;

export async function startRmPersona(mode: PersonaMode, options?: { port?: number; host?: string }): Promise<RmPersona> {
  const choices = choicesFor(mode);
  const host = options?.host ?? '127.0.0.1';
  const credentials = { key: `rm-${mode}-api-key`, secret: `rm-${mode}-api-secret-5d1f0c` };
  const { store, ids } = seed(Date.now(), { closedLiveJob: choices.liveJobs === 'open' });
  let baseUrl = '';
  const server = createRmServer({ choices, store, credentials, cap: RM_FILTER_CAP, baseUrl: () => baseUrl });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options?.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}/v2`;
  const env: Record<string, string> = {
    RM_BASE_URL: baseUrl,
    RM_API_KEY: credentials.key,
    RM_API_SECRET: credentials.secret,
    RM_LIST_ID: ids.listId,
    RM_JOB_ID: ids.jobId,
    RM_RECRUITMENT_EVENT_ID: ids.recruitmentEventId,
    RM_JOB_APPLICATION_ID: ids.jobApplicationId,
    RM_ATS_INTEGRATION_ID: ids.atsIntegrationId,
    RM_ATS_CANDIDATE_ID: ids.atsCandidateId,
    RM_FILTER_CAP: String(RM_FILTER_CAP),
  };
  if (choices.knownRecordsEnv) {
    env.RM_ARCHIVED_CANDIDATE_ID = ids.archivedCandidateId;
    env.RM_ANONYMISED_CANDIDATE_ID = ids.anonymisedCandidateId;
  }
  let closing: Promise<void> | null = null;
  return {
    baseUrl,
    env,
    close: () => {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
