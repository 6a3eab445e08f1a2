/** The embedded reference server's built-in credentials and well-known ids (fixtures/reference/identity.json). */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface EmbeddedIdentity {
  rm: { apiKey: string; apiSecret: string; listId: string; atsIntegrationId: string; atsCandidateId: string; archivedCandidateId: string };
  hr: {
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

const file = fileURLToPath(new URL('../../fixtures/reference/identity.json', import.meta.url));
export const EMBEDDED: EmbeddedIdentity = Object.freeze(JSON.parse(readFileSync(file, 'utf8')) as EmbeddedIdentity);

/** The embedded server's base URLs once it listens on `port`. */
export function embeddedUrls(port: number): { rm: string; hr: string; token: string; origin: string } {
  const origin = `http://127.0.0.1:${port}`;
  return { origin, rm: `${origin}/v2`, hr: `${origin}/v3/${EMBEDDED.hr.tenant}`, token: `${origin}/oauth/token` };
}
