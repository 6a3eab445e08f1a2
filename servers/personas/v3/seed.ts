/**
 * The fixed values a persona serves: tenant, client credentials, the ids "issued at registration", the keys held
 * in temporary image storage and the platform reference ids of employees created at offer acceptance.
 * Document part 1 (tenant_id), part 2 (learning activity: provider/owner ids, image tempKey), part 4
 * (PUT /employee/{employeeId}), part 5 (client credentials, scope Public.HrCore.Write, tokens live 300 seconds).
 */
import type { PersonaMode } from './choices';

export const HR_SCOPE = 'Public.HrCore.Write';
export const TOKEN_LIFETIME_SECONDS = 300;
export const TOKEN_PATH = '/oauth2/token';
export const TENANT = 'acme-conformance';
/** The child-activity field (001 §2: "field name not given"): every persona names it so. */
export const CHILD_FIELD = 'childActivities';

export interface SeedValues {
  readonly tenant: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly providerIds: readonly number[];
  readonly ownerIds: readonly number[];
  /** The first is handed to suites; the others stay in storage (the strict persona uses keys up). */
  readonly imageTempKeys: readonly string[];
  readonly employeeReferenceIds: readonly string[];
}

export function seedValuesFor(mode: PersonaMode): SeedValues {
  return {
    tenant: TENANT,
    clientId: `v3-${mode}-client`,
    clientSecret: `v3-${mode}-secret-5f2c9e71d04b`,
    providerIds: [4101, 4102],
    ownerIds: [5202, 5203],
    imageTempKeys: ['tmp-img-7f3a9c21', 'tmp-img-7f3a9c22', 'tmp-img-7f3a9c23'],
    employeeReferenceIds: ['880001', '880002', '880003'],
  };
}
