/**
 * The HR core records in memory: employees (by the platform's reference id, with an index from the
 * caller's externalId), business units per level and positions, all keyed by externalId.
 */
import type { JsonObject } from '../json';
import type { V3StartingRecords } from '../starting-records';

export type Level = 1 | 2 | 3 | 4;
export const LEVELS: readonly Level[] = [1, 2, 3, 4];

export class HrStore {
  /** Employees by platform reference id (001 §4: the id a hire interface returns). */
  readonly employees = new Map<string, JsonObject>();
  /** externalId -> reference id. */
  private readonly employeeIndex = new Map<string, string>();
  readonly units: Record<Level, Map<string, JsonObject>> = { 1: new Map(), 2: new Map(), 3: new Map(), 4: new Map() };
  readonly positions = new Map<string, JsonObject>();
  private nextReference = 1;

  constructor(records: V3StartingRecords) {
    for (const { referenceId, record } of records.employees) this.putEmployee(referenceId, record);
    for (const { level, ...unit } of records.businessUnits) this.units[level].set(unit.externalId, unit);
    for (const position of records.positions) this.positions.set(position.externalId, position);
  }

  employeeByExternalId(externalId: string): JsonObject | undefined {
    const ref = this.employeeIndex.get(externalId);
    return ref === undefined ? undefined : this.employees.get(ref);
  }

  referenceOf(externalId: string): string | undefined {
    return this.employeeIndex.get(externalId);
  }

  /** Stores an employee under its reference id (a new one when `referenceId` is null) and indexes its externalId. */
  putEmployee(referenceId: string | null, record: JsonObject): string {
    const ref = referenceId ?? this.newReference();
    const previous = this.employees.get(ref)?.externalId;
    if (typeof previous === 'string' && previous !== record.externalId) this.employeeIndex.delete(previous);
    this.employees.set(ref, record);
    if (typeof record.externalId === 'string') this.employeeIndex.set(record.externalId, ref);
    return ref;
  }

  private newReference(): string {
    let ref: string;
    do ref = `emp-${String(this.nextReference++).padStart(6, '0')}`;
    while (this.employees.has(ref));
    return ref;
  }

  snapshot(): Record<string, unknown> {
    return {
      employees: [...this.employees.entries()].map(([referenceId, record]) => ({ referenceId, ...record })),
      businessUnits: LEVELS.flatMap((level) => [...this.units[level].values()].map((u) => ({ level, ...u }))),
      positions: [...this.positions.values()],
    };
  }
}
