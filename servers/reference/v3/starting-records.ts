/** The v3 starting records (reference-data/v3-starting-records.json) plus the well-known ids of identity.json. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EMBEDDED } from '../../../contract/identity/embedded';
import type { JsonObject } from './json';

export interface V3StartingRecords {
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

const file = join(__dirname, '../../../reference-data/v3-starting-records.json');

let cached: V3StartingRecords | null = null;

/** Reads the seed once; the identity.json employee reference id and image key are always in it. */
export function loadV3StartingRecords(): V3StartingRecords {
  if (cached) return structuredClone(cached);
  const seed = JSON.parse(readFileSync(file, 'utf8')) as V3StartingRecords;
  if (!seed.employees.some((e) => e.referenceId === EMBEDDED.v3.employeeReferenceId)) {
    seed.employees.push({ referenceId: EMBEDDED.v3.employeeReferenceId, record: { firstName: 'Offer', lastName: 'Accepted' } });
  }
  if (!seed.learning.imageTempKeys.includes(EMBEDDED.v3.learningImageTempKey))
    seed.learning.imageTempKeys.push(EMBEDDED.v3.learningImageTempKey);
  cached = seed;
  return structuredClone(seed);
}
