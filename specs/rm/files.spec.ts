/**
 * Candidate files (000 §4 Operations: POST /candidates/{candidateId}/candidate_files -> 201 file
 * added, 422 file not added; rule 2: "When the candidate file content is not accepted, the response
 * is 422 and the file is not attached"). An unknown candidate (404) is in catalogue-rules.spec.ts.
 */
import {
  test,
  expectAcceptedOr422,
  expectCountKept,
  expectDocumented,
  expectValidationFailed,
  bodyShape,
  fileBody,
  RESUME_BASE64,
  createCandidateRecord,
  shownFiles,
} from '../kit';
import { operation } from '../../src/catalogue';

test.describe('candidate files', () => {
  test('POST /candidates/{candidateId}/candidate_files with base64 content answers 201 @smoke', async ({
    rm,
    target,
    covers,
    cleanup,
    observe,
  }) => {
    const op = covers('rm.candidate-files.create', '201');
    const { id } = await createCandidateRecord(rm, target, cleanup, 'file');
    for (const options of [undefined, { parse_resume: true }]) {
      const body = { ...fileBody('resume.txt', RESUME_BASE64), ...(options ? { options } : {}) };
      const ex = await rm.call(op.id, { params: { candidateId: id }, body });
      expectDocumented(ex, op, '201');
      cleanup.leftover(`RM candidate file resume.txt of candidate ${id} (no documented delete operation)`);
    }
    // Whether an uploaded file shows among the candidate's resumes at once is not said (parsing may come later).
    observe('other', 'include=resumes after two uploads', `${(await shownFiles(rm, id)).count} files shown`);
  });

  // 000 §4: filename and content are required, and the row's 422 is "file not added".
  const refused: { title: string; attributes: Record<string, unknown> }[] = [
    { title: 'no content', attributes: { filename: 'resume.txt' } },
    { title: 'no filename', attributes: { content: RESUME_BASE64 } },
  ];
  for (const { title, attributes } of refused) {
    test(`POST /candidates/{candidateId}/candidate_files with ${title} answers 422 and attaches nothing`, async ({
      rm,
      target,
      covers,
      cleanup,
      observe,
    }) => {
      const op = covers('rm.candidate-files.create', '422');
      covers('rm.candidates.get', '200');
      const { id } = await createCandidateRecord(rm, target, cleanup, 'file422');
      const before = await shownFiles(rm, id);
      const body = { data: { type: 'candidate_files', attributes } };
      const ex = await rm.call(op.id, { params: { candidateId: id }, body });
      expectValidationFailed(ex, title);
      observe('error-body', `POST /candidates/{id}/candidate_files 422 (${title})`, bodyShape(ex.response?.text ?? ''));
      const after = await shownFiles(rm, id);
      const what = `the files candidate ${id} shows through include=resumes`;
      expectCountKept(ex, [before.read, after.read], before.count, after.count, 'rm.op.candidate-files.create', what);
    });
  }

  test('POST /candidates/{candidateId}/candidate_files with content that is not base64: 201, or 422 and nothing attached', async ({
    rm,
    target,
    covers,
    cleanup,
    observe,
  }) => {
    // 000 §4 rule 2: "When the candidate file content is not accepted, the response is 422 and the file is not attached."
    // Whether such content is accepted is not said: both outcomes are lawful, any other is not.
    const op = operation('rm.candidate-files.create');
    const { id } = await createCandidateRecord(rm, target, cleanup, 'file64');
    const before = await shownFiles(rm, id);
    const body = { data: { type: 'candidate_files', attributes: { filename: 'resume.txt', content: 'this is *not* base64 (!)' } } };
    const ex = await rm.call(op.id, { params: { candidateId: id }, body });
    expectAcceptedOr422(ex, 'rm.rule.file-refused', 'content not accepted gives 422');
    observe(
      'status',
      'POST candidate_files with content that is not base64',
      `${String(ex.response?.status)} ${bodyShape(ex.response?.text ?? '')}`,
    );
    covers(op.id, String(ex.response?.status));
    if (ex.response?.status === 201) {
      cleanup.leftover(`RM candidate file resume.txt (not base64) of candidate ${id} (no documented delete operation)`);
      return;
    }
    const after = await shownFiles(rm, id);
    const what = `the files candidate ${id} shows through include=resumes`;
    expectCountKept(ex, [before.read, after.read], before.count, after.count, 'rm.rule.file-refused', what);
  });
});
