/**
 * The embedded reference server's built-in credentials and well-known ids (reference-data/identity.json).
 * One small module that both sides read: the reference server (servers/reference/), which issues them, and
 * the suite (src/config/, the CLIs, tests), which presents them; so the server never imports the suite's
 * config (eslint.config.mjs, layering). It imports nothing of ours.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface EmbeddedIdentity {
  rm: {
    apiKey: string;
    apiSecret: string;
    listId: string;
    atsIntegrationId: string;
    atsCandidateId: string;
    archivedCandidateId: string;
    anonymisedCandidateId: string;
  };
  v3: {
    tenant: string;
    clientId: string;
    clientSecret: string;
    otherClientId: string;
    otherClientSecret: string;
    learningProviderId: number;
    learningOwnerId: number;
    learningImageTempKey: string;
    employeeReferenceId: string;
  };
}

const file = join(__dirname, '../../reference-data/identity.json');
export const EMBEDDED: EmbeddedIdentity = Object.freeze(JSON.parse(readFileSync(file, 'utf8')) as EmbeddedIdentity);

/** The embedded server's base URLs once it listens on `port`. */
export function embeddedUrls(port: number): { rm: string; hr: string; token: string; origin: string } {
  const origin = `http://127.0.0.1:${port}`;
  return { origin, rm: `${origin}/v2`, hr: `${origin}/v3/${EMBEDDED.v3.tenant}`, token: `${origin}/oauth/token` };
}

/**
 * The variables that point the suite at a reference server listening at `origin` as at any outside
 * target: URLs and credentials, and with `ids` every well-known record id too (so nothing is
 * skipped for want of one).
 */
export function embeddedAsRemote(origin: string, ids = false): Record<string, string> {
  const { rm, v3 } = EMBEDDED;
  return {
    RM_BASE_URL: `${origin}/v2`,
    RM_API_KEY: rm.apiKey,
    RM_API_SECRET: rm.apiSecret,
    HR_BASE_URL: `${origin}/v3/${v3.tenant}`,
    HR_TOKEN_URL: `${origin}/oauth/token`,
    HR_CLIENT_ID: v3.clientId,
    HR_CLIENT_SECRET: v3.clientSecret,
    LEARNING_PROVIDER_ID: String(v3.learningProviderId),
    LEARNING_OWNER_ID: String(v3.learningOwnerId),
    ...(ids
      ? {
          RM_LIST_ID: rm.listId,
          RM_ATS_INTEGRATION_ID: rm.atsIntegrationId,
          RM_ATS_CANDIDATE_ID: rm.atsCandidateId,
          RM_ARCHIVED_CANDIDATE_ID: rm.archivedCandidateId,
          RM_ANONYMISED_CANDIDATE_ID: rm.anonymisedCandidateId,
          HR_EMPLOYEE_REFERENCE_ID: v3.employeeReferenceId,
          LEARNING_IMAGE_TEMP_KEY: v3.learningImageTempKey,
        }
      : {}),
  };
}
