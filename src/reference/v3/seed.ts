/** The v3 seed data (fixtures/reference/v3-seed.json) plus the well-known ids of identity.json. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EMBEDDED } from '../../identity/embedded';
import type { JsonObject } from './json';

export interface V3Seed {
  tokenService: { issuer: string; otherClientTenant: string };
  hrDefaults: { primaryTeamExternalId: string; permissionGroupExternalIds: string[] };
  businessUnits: Array<JsonObject & { level: 1 | 2 | 3 | 4; externalId: string }>;
  positions: Array<JsonObject & { externalId: string }>;
  employees: Array<{ referenceId: string; record: JsonObject }>;
  learning: {
    firstActivityId: number;
    activityUrlBase: string;
    imageTempKeys: string[];
    activities: Array<{ externalId: string; aggregateId: string; record: JsonObject }>;
  };
}

const file = fileURLToPath(new URL('../../../fixtures/reference/v3-seed.json', import.meta.url));

let cached: V3Seed | null = null;

/** Reads the seed once; the identity.json employee reference id and image key are always in it. */
export function loadV3Seed(): V3Seed {
  if (cached) return structuredClone(cached);
  const seed = JSON.parse(readFileSync(file, 'utf8')) as V3Seed;
  if (!seed.employees.some((e) => e.referenceId === EMBEDDED.hr.employeeReferenceId)) {
    seed.employees.push({ referenceId: EMBEDDED.hr.employeeReferenceId, record: { firstName: 'Offer', lastName: 'Accepted' } });
  }
  if (!seed.learning.imageTempKeys.includes(EMBEDDED.hr.learningImageTempKey))
    seed.learning.imageTempKeys.push(EMBEDDED.hr.learningImageTempKey);
  cached = seed;
  return structuredClone(seed);
}
