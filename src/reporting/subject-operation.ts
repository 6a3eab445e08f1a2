/**
 * The catalogue operation an observation's subject speaks of, so a report files one operation's
 * observations together however a spec spelled it: "DELETE /ats_integrations/{id}/candidates/{x} 404",
 * "GET /candidates/123/tags", "POST candidate_files: wrong type at ...", "PUT activity create".
 * A path is matched segment by segment against the templates of the operations of that method
 * (a placeholder or a concrete id matches a parameter); a single word against their static
 * segments (singular or plural). Null when no single operation fits.
 */
import { catalogue } from '../catalogue';
import type { OperationSpec } from '../catalogue/types';

const LEAD = /^(GET|PUT|POST|PATCH|DELETE) (\S+)/;

function staticSegments(op: OperationSpec): string[] {
  return op.path.split('/').filter((s) => s && !s.startsWith('{'));
}

function pathMatches(op: OperationSpec, path: string): boolean {
  const want = op.path.split('/').filter(Boolean);
  const got = path.split('?')[0]!.replace(/[:,]$/, '').split('/').filter(Boolean);
  return want.length === got.length && want.every((w, i) => w.startsWith('{') || w === got[i]);
}

export function operationOfSubject(subject: string, ops: readonly OperationSpec[] = catalogue()): string | null {
  const m = LEAD.exec(subject);
  if (!m) return null;
  const [, method, token = ''] = m;
  const sameMethod = ops.filter((op) => op.method === method);
  if (token.startsWith('/')) {
    // The most specific template wins: /recruitment_events/past over /recruitment_events/{recruitmentEventId}.
    const hits = sameMethod.filter((op) => pathMatches(op, token)).sort((a, b) => staticSegments(b).length - staticSegments(a).length);
    const [best, next] = hits;
    return best && (!next || staticSegments(next).length < staticSegments(best).length) ? best.id : null;
  }
  const word = token.replace(/[:,]$/, '');
  const hits = sameMethod.filter((op) => {
    const last = staticSegments(op);
    return last.some((s) => s === word || s === `${word}s` || s === word.replace(/y$/, 'ies'));
  });
  // The most specific: an operation whose last static segment is the word.
  const exact = hits.filter((op) => {
    const last = staticSegments(op).at(-1) ?? '';
    return last === word || last === `${word}s` || last === word.replace(/y$/, 'ies');
  });
  const pick = exact.length ? exact : hits;
  return pick.length === 1 ? (pick[0]?.id ?? null) : null;
}
