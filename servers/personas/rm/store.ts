// In-memory store of every resource of part 2, keyed by type and id, with per-type id counters.
import { type Hidden, type Rec, type Rel, type AttrValue, TYPE_ALIAS, link, linksOf } from './model';

const ID_BASE: Readonly<Record<string, number>> = {
  candidates: 1000,
  jobs: 3000,
  company_lists: 4000,
  recruitment_events: 5000,
  job_applications: 6000,
  educations: 7000,
  employments: 8000,
  candidate_files: 9000,
  messages: 20000,
  candidate_events: 100000,
};

export class Store {
  private readonly tables = new Map<string, Map<string, Rec>>();
  private readonly counters = new Map<string, number>();

  nextId(type: string): string {
    const n = (this.counters.get(type) ?? 0) + 1;
    this.counters.set(type, n);
    return String((ID_BASE[type] ?? 0) + n);
  }

  add(type: string, attrs: Record<string, AttrValue>, rels: Record<string, Rel> = {}, hidden: Hidden = {}, id?: string): Rec {
    const rec: Rec = { type, id: id ?? this.nextId(type), attrs, rels, hidden };
    this.table(type).set(rec.id, rec);
    return rec;
  }

  get(type: string, id: string): Rec | undefined {
    return this.tables.get(TYPE_ALIAS[type] ?? type)?.get(id);
  }

  /** Every record of a type, in ascending id order (numeric ids compare as numbers). */
  all(type: string): Rec[] {
    return [...this.table(type).values()].sort((a, b) => compareIds(a.id, b.id));
  }

  remove(type: string, id: string): boolean {
    return this.table(type).delete(id);
  }

  /** Records linked from `rec` under relationship `name`, skipping dangling links. */
  related(rec: Rec, name: string): Rec[] {
    return linksOf(rec.rels[name])
      .map((l) => this.get(l.type, l.id))
      .filter((r): r is Rec => r !== undefined);
  }

  /** Appends a to-many link once. */
  attach(rec: Rec, name: string, target: Rec, type: string = target.type): void {
    const current = linksOf(rec.rels[name]);
    if (!current.some((l) => l.id === target.id && l.type === type)) rec.rels[name] = [...current, link(type, target.id)];
  }

  detach(rec: Rec, name: string, targetId: string): void {
    rec.rels[name] = linksOf(rec.rels[name]).filter((l) => l.id !== targetId);
  }

  private table(type: string): Map<string, Rec> {
    let t = this.tables.get(type);
    if (!t) {
      t = new Map();
      this.tables.set(type, t);
    }
    return t;
  }
}

export function compareIds(a: string, b: string): number {
  const na = /^\d+$/.test(a) ? Number(a) : NaN;
  const nb = /^\d+$/.test(b) ? Number(b) : NaN;
  if (!Number.isNaN(na) && !Number.isNaN(nb)) return na - nb;
  return a < b ? -1 : a > b ? 1 : 0;
}
