// What an invalid case needs from the valid value it starts from: spots that must exist, the JSON
// type some spots must have, and which side of an if/then/else to take.
import { canonical } from './json.js';

export interface Plan {
  present: ReadonlySet<string>;
  /** Side to take, keyed by conditionKey(pointer, if-schema). */
  branch: ReadonlyMap<string, 'then' | 'else'>;
  types: ReadonlyMap<string, string>;
}

export const NO_PLAN: Plan = { present: new Set(), branch: new Map(), types: new Map() };

/** Nested conditionals can share a spot, so a decision is keyed by the spot and the condition. */
export function conditionKey(ptr: string, cond: unknown): string {
  return `${ptr}\n${canonical(cond)}`;
}

export function withPresent(plan: Plan, ptr: string): Plan {
  return { ...plan, present: new Set([...plan.present, ptr]) };
}

export function withBranch(plan: Plan, key: string, side: 'then' | 'else'): Plan {
  return { ...plan, branch: new Map([...plan.branch, [key, side]]) };
}

export function withType(plan: Plan, ptr: string, type: string): Plan {
  return { ...plan, types: new Map([...plan.types, [ptr, type]]) };
}

/** Every pointer that is, or is an ancestor of, one of the given pointers. */
export function prefixes(ptrs: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const p of ptrs) {
    let cur = p;
    for (;;) {
      out.add(cur);
      if (cur === '') break;
      cur = cur.slice(0, cur.lastIndexOf('/'));
    }
  }
  return out;
}

const cache = new WeakMap<Plan, { all: Set<string>; present: Set<string> }>();

/** Spots the plan touches (`all`) and spots that must exist (`present`), with their ancestors. */
export function planPrefixes(plan: Plan): { all: Set<string>; present: Set<string> } {
  let hit = cache.get(plan);
  if (!hit) {
    const branchSpots = [...plan.branch.keys()].map((k) => k.slice(0, k.indexOf('\n')));
    hit = { all: prefixes([...plan.present, ...branchSpots, ...plan.types.keys()]), present: prefixes(plan.present) };
    cache.set(plan, hit);
  }
  return hit;
}

/** The entries of the plan at or under ptr, as text: what a compiled spot depends on. */
export function planSignature(plan: Plan, ptr: string): string {
  const under = (p: string) => ptr === '' || p === ptr || p.startsWith(`${ptr}/`);
  const parts: string[] = [];
  for (const p of plan.present) if (under(p)) parts.push(`p${p}`);
  for (const [p, t] of plan.types) if (under(p)) parts.push(`t${p}=${t}`);
  for (const [k, side] of plan.branch) if (under(k.slice(0, k.indexOf('\n')))) parts.push(`b${k}=${side}`);
  return parts.sort().join('\t');
}
