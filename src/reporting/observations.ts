/**
 * Observations: what the target did where the documents are silent (error body shapes, page
 * sizes, HR write statuses, content types, ...). Recorded, reported, never failed.
 */
import type { LeftoverGroup, ObservationGroup } from './conformance-types';

export type { Observation, ObservationCategory } from './evidence';

/** Shape of a JSON error body in a few words, e.g. "object {errors[]}" or "text/html". */
export function bodyShape(text: string): string {
  if (text.trim() === '') return 'empty';
  try {
    const value = JSON.parse(text) as unknown;
    if (Array.isArray(value)) return 'array';
    if (value && typeof value === 'object') {
      return `object {${Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => (Array.isArray(v) ? `${k}[]` : k))
        .sort()
        .join(', ')}}`;
    }
    return typeof value;
  } catch {
    return 'not JSON';
  }
}

/** An observation as the report lists it (deduplicated, with a count). */
export interface CountedObservation {
  category: string;
  subject: string;
  value: string;
  count: number;
}

/**
 * The subject an observation is grouped under, so its variations fall together:
 * - "PUT /hrcore/position with a malformed token" and "PUT /hrcore/position update": its operation, "PUT /hrcore/position";
 * - "PUT activity create without title": the method and the next two words, "PUT activity create";
 * - "POST educations: wrong type at /data", "generated cases: POST /candidates valid bodies": the text before the colon;
 * - otherwise the subject without its parenthesised details.
 */
export function observationGroupSubject(subject: string): string {
  const op = /^(GET|PUT|POST|PATCH|DELETE) \/[^\s?:]*/.exec(subject);
  if (op) return op[0];
  const head = subject.split(': ')[0] ?? subject;
  const verb = /^(GET|PUT|POST|PATCH|DELETE)( (?!(?:with|without|for|after|of|on)\b)[^\s:]+){1,2}/.exec(head);
  if (verb) return verb[0];
  return head.replace(/\s*\([^)]*\)/g, '').trim() || subject;
}

/**
 * One group per (category, grouped subject): total count and the (at most `examples`) most
 * frequent values, each with the detail of one subject that showed it.
 */
export function groupObservations(list: readonly CountedObservation[], examples = 3): ObservationGroup[] {
  const groups = new Map<
    string,
    { category: string; subject: string; count: number; values: Map<string, { count: number; example?: string }> }
  >();
  for (const o of list) {
    const subject = observationGroupSubject(o.subject);
    const key = `${o.category}\u0000${subject}`;
    let g = groups.get(key);
    if (!g) {
      g = { category: o.category, subject, count: 0, values: new Map() };
      groups.set(key, g);
    }
    g.count += o.count;
    const v = g.values.get(o.value) ?? { count: 0 };
    v.count += o.count;
    const detail = o.subject
      .slice(subject.length)
      .replace(/^[\s:]+/, '')
      .trim();
    if (v.example === undefined && detail) v.example = detail;
    g.values.set(o.value, v);
  }
  return [...groups.values()]
    .map((g) => {
      const values = [...g.values]
        .map(([value, v]) => ({ value, count: v.count, ...(v.example ? { example: v.example } : {}) }))
        .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
      return {
        category: g.category,
        subject: g.subject,
        count: g.count,
        values: values.slice(0, examples),
        moreValues: Math.max(0, values.length - examples),
      };
    })
    .sort((a, b) => a.category.localeCompare(b.category) || a.subject.localeCompare(b.subject));
}

/**
 * A leftover line ("not undoable: RM candidate conformance+x-1@example.com (000 §4 has no ...)")
 * split into its kind (the text before the record id, with the closing reason in parentheses) and
 * the record id: the first word holding a digit.
 */
export function leftoverKind(line: string): { kind: string; id: string } {
  const words = line.split(' ');
  const at = words.findIndex((w, i) => i > 0 && /\d/.test(w) && !/^§/.test(w));
  if (at <= 0) return { kind: line, id: line };
  const reason = /\(([^()]*)\)\s*$/.exec(line)?.[0];
  return { kind: `${words.slice(0, at).join(' ')}${reason ? ` ... ${reason}` : ''}`, id: words[at] ?? line };
}

/** Leftovers grouped per kind, with counts and (at most `examples`) record ids, largest group first. */
export function groupLeftovers(lines: readonly string[], examples = 3): LeftoverGroup[] {
  const groups = new Map<string, LeftoverGroup>();
  for (const line of lines) {
    const { kind, id } = leftoverKind(line);
    let g = groups.get(kind);
    if (!g) {
      g = { kind, count: 0, examples: [] };
      groups.set(kind, g);
    }
    g.count += 1;
    if (g.examples.length < examples) g.examples.push(id);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind));
}
