/**
 * The in-memory state of one persona and its seed: HR records per type (business units per level), employees
 * created at offer acceptance, learning activities, temporary image storage and the ids issued at registration.
 * Document part 2 (resources), part 3 (the archived state is a boolean on each record), part 4 (operations).
 */
import type { JsonObject } from './json';
import type { SeedValues } from './seed';

export interface HrRecord {
  readonly externalId: string;
  readonly fields: JsonObject;
  readonly archived: boolean;
}

export type BusinessUnitLevel = 1 | 2 | 3 | 4;

/** An employee created automatically at offer acceptance, known by its platform reference id. */
export interface AutoEmployee {
  readonly referenceId: string;
  externalId: string | null;
  readonly fields: JsonObject;
}

export interface Activity {
  readonly externalId: string;
  readonly id: number;
  /** A UUID string, or (alternate persona) an integer; as sent when the create carried one. */
  readonly aggregateId: string | number;
  readonly fields: JsonObject;
  readonly archived: boolean;
  /** Microsecond timestamps of the frameworks persona's representation. */
  readonly createdAt?: string;
  readonly updatedAt?: string;
}

export interface V3Store {
  readonly employees: Map<string, HrRecord>;
  readonly businessUnits: Readonly<Record<BusinessUnitLevel, Map<string, HrRecord>>>;
  readonly positions: Map<string, HrRecord>;
  readonly autoEmployees: Map<string, AutoEmployee>;
  readonly activities: Map<string, Activity>;
  readonly imageKeys: Set<string>;
  readonly providerIds: ReadonlySet<number>;
  readonly ownerIds: ReadonlySet<number>;
  nextActivityId: number;
  /** The next integer aggregateId (alternate persona). */
  nextAggregateId: number;
}

function record(externalId: string, fields: JsonObject): HrRecord {
  return { externalId, fields, archived: false };
}

/** A store holding the seed: a level 1 unit with a level 2 child, a position, an employee, auto-created employees. */
export function createStore(seed: SeedValues): V3Store {
  const autoEmployees = new Map<string, AutoEmployee>();
  seed.employeeReferenceIds.forEach((referenceId, index) => {
    const fields: JsonObject = { firstName: 'Offer', lastName: `Accepted ${index + 1}`, email: `hire${index + 1}@example.test` };
    autoEmployees.set(referenceId, { referenceId, externalId: null, fields });
  });
  return {
    employees: new Map([['seed-employee-1', record('seed-employee-1', { firstName: 'Seed', lastName: 'Employee' })]]),
    businessUnits: {
      1: new Map([['seed-bu-l1', record('seed-bu-l1', { name: 'Seed level 1' })]]),
      2: new Map([['seed-bu-l2', record('seed-bu-l2', { name: 'Seed level 2', level1ExternalId: 'seed-bu-l1' })]]),
      3: new Map(),
      4: new Map(),
    },
    positions: new Map([['seed-position-1', record('seed-position-1', { name: 'Seed position' })]]),
    autoEmployees,
    activities: new Map(),
    imageKeys: new Set(seed.imageTempKeys),
    providerIds: new Set(seed.providerIds),
    ownerIds: new Set(seed.ownerIds),
    nextActivityId: 1001,
    nextAggregateId: 700001,
  };
}
