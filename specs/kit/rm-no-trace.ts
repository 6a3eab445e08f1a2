/**
 * A refused RM write leaves nothing behind, looked for through every documented read of what it would
 * have made (000 §4 rules 1 and 2, §7 422 "validation failed ... a rejected candidate or file"): a
 * candidate by `filter[email][eq]` and among the candidates changed since a fence, an education or
 * employment in the candidate's list and its relationship, a tag in `GET /candidates/{id}/tags` and the
 * candidate's `tags`. Each read feeds the no-trace check, about the refused write.
 */
import type { Target } from '../../src/config/target';
import type { ApiClient } from '../../src/http/client';
import type { Exchange } from '../../src/http/exchange';
import type { Cleanup } from '../../src/runner/cleanup';
import { expectNothingStored } from '../../src/checks';
import { includedOf, relationshipRefs, type Resource } from './rm-doc';
import { candidatesByEmail, getCandidate, listTags, relatedRecords, type RelatedKind } from './rm-records';
import { walkNumeric } from './rm-walk';
import { fence } from './rm-window';

const sameText = (a: unknown, b: string): boolean => typeof a === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();
/** An address a filter[email][eq] may be sent (local part, "@", a dotted domain). */
const ADDRESS = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** The moment before a refused POST /candidates: the updated_at of a new candidate (rm-window.ts fence). */
export async function candidateFence(rm: ApiClient, target: Target, cleanup: Cleanup): Promise<string> {
  return fence(rm, target, cleanup, 'refused');
}

/**
 * No candidate carries what a refused POST /candidates sent (`sent`: its e-mail, when it had one, and a
 * run-unique last name): GET /candidates?filter[email][eq] (when the e-mail is an address) and the
 * candidates changed since `before` show none.
 */
export async function expectNoCandidateFrom(
  rm: ApiClient,
  refused: Exchange,
  before: string,
  sent: { email?: string; lastName: string },
): Promise<void> {
  const reads: Exchange[] = [];
  const found = new Set<string>();
  if (sent.email !== undefined && ADDRESS.test(sent.email)) {
    const byEmail = await candidatesByEmail(rm, sent.email);
    reads.push(byEmail.exchange);
    for (const r of byEmail.records) found.add(r.id);
  }
  const walk = await walkNumeric(rm, rm.operation('rm.candidates.list'), { 'filter[updated_at][gte]': before }, 100, 10);
  reads.push(...walk.exchanges);
  const carries = (r: Resource): boolean =>
    sameText(r.attributes.last_name, sent.lastName) || (sent.email !== undefined && sameText(r.attributes.email, sent.email));
  for (const r of walk.records.filter(carries)) found.add(r.id);
  const where = `${sent.email !== undefined && ADDRESS.test(sent.email) ? `GET /candidates?filter[email][eq]=${sent.email} and ` : ''}the candidates changed since ${before} (by its e-mail or last name "${sent.lastName}")`;
  expectNothingStored(refused, reads, [...found], 'rm.error.422', where);
}

/** The records of `kind` the candidate's relationship names or include embeds (GET /candidates/{id}?include=<kind>), with the read. */
export async function relatedOfCandidate(
  rm: ApiClient,
  kind: RelatedKind,
  candidateId: string,
): Promise<{ read: Exchange; ids: string[] }> {
  const { exchange, resource } = await getCandidate(rm, candidateId, kind);
  const named = (relationshipRefs(resource, kind) ?? []).map((r) => r.id);
  const embedded = includedOf(exchange)
    .filter((r) => r.type !== 'candidates')
    .map((r) => r.id);
  return { read: exchange, ids: [...new Set([...named, ...embedded])] };
}

/**
 * A refused education or employment of a new candidate (who had none) left nothing: GET
 * /candidates/{id}/<kind> lists none, and the candidate's relationship names and include embeds none.
 */
export async function expectNoRelatedFrom(
  rm: ApiClient,
  refused: Exchange,
  kind: RelatedKind,
  candidateId: string,
  clause: 'rm.error.422' | 'rm.op.educations.create' | 'rm.op.employments.create',
): Promise<void> {
  const [listed, related] = await Promise.all([relatedRecords(rm, kind, candidateId), relatedOfCandidate(rm, kind, candidateId)]);
  const found = [...new Set([...listed.ids, ...related.ids])];
  const where = `GET /candidates/${candidateId}/${kind} and GET /candidates/${candidateId}?include=${kind} (a new candidate, none before)`;
  expectNothingStored(refused, [...listed.exchanges, related.read], found, clause, where);
}

/** A refused tag left nothing: GET /candidates/{id}/tags lists no tagging of that name, and the candidate's `tags` does not name it. */
export async function expectNoTagFrom(rm: ApiClient, refused: Exchange, candidateId: string, name: string): Promise<void> {
  const listed = await listTags(rm, candidateId);
  const { exchange: read, resource } = await getCandidate(rm, candidateId);
  const tags = resource.attributes.tags;
  const found = [
    ...listed.records.filter((t) => sameText(t.attributes.name, name)).map((t) => t.id),
    ...(Array.isArray(tags) && tags.some((t) => sameText(t, name)) ? [`the tags attribute's "${name}"`] : []),
  ];
  const where = `GET /candidates/${candidateId}/tags and the candidate's tags attribute (a tag named "${name}")`;
  expectNothingStored(refused, [listed.exchange, read], found, 'rm.error.422', where);
}
