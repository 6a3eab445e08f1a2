/**
 * The catalogue operation an observation is about: the one its observer named (the exchange's own
 * operation), else the one its subject names by method and path ("GET /candidates/{candidateId}/tags",
 * "DELETE /candidates/123/tags/9"): the path matched segment by segment against the templates of the
 * operations of that method (a placeholder or a concrete id matches a parameter), the most specific
 * template winning. No word of a subject is guessed at: null when no single operation is named.
 */
import { catalogue } from '../../contract/catalogue';
import type { OperationSpec } from '../../contract/catalogue/types';

const LEAD = /^(GET|PUT|POST|PATCH|DELETE) (\/\S*)/;

function staticSegments(op: OperationSpec): string[] {
  return op.path.split('/').filter((s) => s && !s.startsWith('{'));
}

function pathMatches(op: OperationSpec, path: string): boolean {
  const want = op.path.split('/').filter(Boolean);
  const got = (path.split('?')[0] ?? '').replace(/[:,]$/, '').split('/').filter(Boolean);
  return want.length === got.length && want.every((w, i) => w.startsWith('{') || w === got[i]);
}

export function operationOfSubject(subject: string, ops: readonly OperationSpec[] = catalogue()): string | null {
  const m = LEAD.exec(subject);
  if (!m) return null;
  const [, method, path = ''] = m;
  // The most specific template wins: /recruitment_events/past over /recruitment_events/{recruitmentEventId}.
  const hits = ops
    .filter((op) => op.method === method && pathMatches(op, path))
    .sort((a, b) => staticSegments(b).length - staticSegments(a).length);
  const [best, next] = hits;
  return best && (!next || staticSegments(next).length < staticSegments(best).length) ? best.id : null;
}
