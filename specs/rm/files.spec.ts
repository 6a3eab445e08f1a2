/**
 * Candidate files (000 §4 Operations: POST /candidates/{candidateId}/candidate_files -> 201 file
 * added, 422 file not added; rule 2: "When the candidate file content is not accepted, the response
 * is 422 and the file is not attached"). An unknown candidate (404) is in catalogue-rules.spec.ts.
 */
import { test } from '../fixtures';
import { expectDocumented, expectThat } from '../../src/checks';
import { pathFor, type ApiClient } from '../../src/http/client';
import { bodyShape } from '../../src/reporting/observations';
import { includedOf, relationshipRefs } from '../support/rm-doc';
import { createCandidateRecord, fileBody, getCandidate, RESUME_BASE64, SEED } from '../support/rm';

/** Files the candidate shows through include=resumes: relationship entries and embedded candidate_files. */
async function shownFiles(rm: ApiClient, candidateId: string): Promise<number> {
  const { exchange, resource } = await getCandidate(rm, candidateId, 'resumes');
  const refs = relationshipRefs(resource, 'resumes')?.length ?? 0;
  const embedded = includedOf(exchange).filter((r) => r.type === 'candidate_files').length;
  return Math.max(refs, embedded);
}

test.describe('candidate files', () => {
  test('POST /candidates/{candidateId}/candidate_files with base64 content answers 201 @smoke', async ({ rm, target, covers, cleanup }) => {
    const op = covers('rm.candidate-files.create', '201');
    const { id } = await createCandidateRecord(rm, target, cleanup, 'file');
    for (const options of [undefined, { parse_resume: true }]) {
      const ex = await rm.send({ method: 'POST', path: pathFor(op.path, { candidateId: id }), body: { ...fileBody('resume.txt', RESUME_BASE64), ...(options ? { options } : {}) }, operationId: op.id });
      expectDocumented(ex, op, '201');
      cleanup.leftover(`RM candidate file resume.txt of candidate ${id} (no documented delete operation)`);
    }
  });

  const refused: { title: string; attributes: Record<string, unknown> }[] = [
    { title: 'content that is not base64', attributes: { filename: 'resume.txt', content: 'this is *not* base64 (!)' } },
    { title: 'no content', attributes: { filename: 'resume.txt' } },
    { title: 'no filename', attributes: { content: RESUME_BASE64 } },
  ];
  for (const { title, attributes } of refused) {
    test(`POST /candidates/{candidateId}/candidate_files with ${title} answers 422 and attaches nothing`, async ({ rm, target, covers, cleanup, observe }) => {
      const op = covers('rm.candidate-files.create', '422');
      covers('rm.candidates.get', '200');
      const { id } = await createCandidateRecord(rm, target, cleanup, 'file422');
      const before = await shownFiles(rm, id);
      const ex = await rm.send({ method: 'POST', path: pathFor(op.path, { candidateId: id }), body: { data: { type: 'candidate_files', attributes } }, operationId: op.id });
      expectDocumented(ex, op, '422', { statusCheck: 'validation', schema: false });
      observe('error-body', `POST /candidates/{id}/candidate_files 422 (${title})`, bodyShape(ex.response?.text ?? ''));
      const after = await shownFiles(rm, id);
      expectThat(after === before, 'no-trace', `after a refused file (422), candidate ${id} shows ${after} files through include=resumes (before: ${before})`, SEED.rule2);
    });
  }
});
