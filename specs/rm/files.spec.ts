/**
 * Candidate files (000 §4 Operations: POST /candidates/{candidateId}/candidate_files -> 201 file
 * added, 422 file not added; rule 2: "When the candidate file content is not accepted, the response
 * is 422 and the file is not attached"). An unknown candidate (404) is in catalogue-rules.spec.ts.
 */
import {
  declares,
  test,
  expectAcceptedOrRefused,
  expectCountKept,
  expectDocumented,
  expectValidationFailed,
  bodyShape,
  expectShown,
  type Exchange,
} from '../kit';
import { fileBody, RESUME_BASE64, createCandidateRecord, eventually, shownFiles, RM_FILE_NOT_BASE64 } from '../kit/rm';
import { operation } from '../../contract/catalogue';

/** Text no base64 reading decodes: `*`, `(`, `)`, `!` and spaces are outside every base64 alphabet, and the 15 letters left are no whole base64. */
const NOT_BASE64 = 'this is *not* base64 (!)';

test.describe('candidate files', () => {
  test(
    'POST /candidates/{candidateId}/candidate_files with base64 content answers 201 @smoke',
    declares('rm.candidate-files.create 201', 'rm.candidates.get 200', 'rm.candidates.create'),
    async ({ rm, target, cleanup, observe }) => {
      const op = operation('rm.candidate-files.create');
      const { id } = await createCandidateRecord(rm, target, cleanup, 'file');
      const before = await shownFiles(rm, id);
      const writes: Exchange[] = [];
      for (const options of [undefined, { parse_resume: true }]) {
        const body = { ...fileBody('resume.txt', RESUME_BASE64), ...(options ? { options } : {}) };
        const ex = await rm.call(op.id, { params: { candidateId: id }, body });
        expectDocumented(ex, op, '201');
        writes.push(ex);
        cleanup.leftover(`RM candidate file resume.txt of candidate ${id} (no documented delete operation)`);
      }
      // "201 file added": the candidate's files (000 §2 relationship resumes -> candidate_files, read through
      // include=resumes) show both, at once or a little later. Parsing may come later; that is filter[resume][exists]'s business.
      let after = before;
      await eventually(async () => {
        after = await shownFiles(rm, id);
        return after.count >= before.count + writes.length || after.linkage === 'not given';
      });
      observe(
        'other',
        'include=resumes after two uploads',
        `${after.count} files shown (${before.count} before); linkage ${after.linkage}`,
      );
      if (after.linkage === 'not given') return;
      const shown = Array.from({ length: Math.max(0, after.count - before.count) }, (_, n) => `file ${n + 1}`);
      const where = `GET /candidates/${id}?include=resumes (${before.count} files before the uploads, ${after.count} after)`;
      expectShown(writes, [before.read, after.read], shown, ['file 1', 'file 2'], 'rm.op.candidate-files.create', where);
    },
  );

  // 000 §4: filename and content are required, and the row's 422 is "file not added".
  const refused: { title: string; attributes: Record<string, unknown> }[] = [
    { title: 'no content', attributes: { filename: 'resume.txt' } },
    { title: 'no filename', attributes: { content: RESUME_BASE64 } },
  ];
  for (const { title, attributes } of refused) {
    test(
      `POST /candidates/{candidateId}/candidate_files with ${title} answers 422 and attaches nothing`,
      declares('rm.candidate-files.create 422', 'rm.candidates.get 200', 'rm.candidates.create'),
      async ({ rm, target, cleanup, observe }) => {
        const op = operation('rm.candidate-files.create');
        const { id } = await createCandidateRecord(rm, target, cleanup, 'file422');
        const before = await shownFiles(rm, id);
        const body = { data: { type: 'candidate_files', attributes } };
        const ex = await rm.call(op.id, { params: { candidateId: id }, body });
        expectValidationFailed(ex, title);
        observe('error-body', `POST /candidates/{id}/candidate_files 422 (${title})`, bodyShape(ex.response?.text ?? ''));
        const after = await shownFiles(rm, id);
        const what = `the files candidate ${id} shows through include=resumes`;
        expectCountKept(ex, [before.read, after.read], before.count, after.count, 'rm.op.candidate-files.create', what);
      },
    );
  }

  test(
    'POST /candidates/{candidateId}/candidate_files with content that is not base64: 201, or 422 and nothing attached',
    declares('rm.candidate-files.create 422', 'rm.candidates.get 200', 'rm.candidates.create'),
    async ({ rm, target, cleanup, observe }) => {
      // 000 §4 rule 2: "When the candidate file content is not accepted, the response is 422 and the file is not attached."
      // Which content is not accepted is not said ("string, base64" types the field; D16, D32): both outcomes are
      // lawful, any other is not.
      const op = operation('rm.candidate-files.create');
      const { id } = await createCandidateRecord(rm, target, cleanup, 'file64');
      const before = await shownFiles(rm, id);
      const body = { data: { type: 'candidate_files', attributes: { filename: 'resume.txt', content: NOT_BASE64 } } };
      const ex = await rm.call(op.id, { params: { candidateId: id }, body });
      expectAcceptedOrRefused(ex, 'rm.rule.file-refused', RM_FILE_NOT_BASE64, [201], 'content that is not base64');
      observe(
        'status',
        'POST candidate_files with content that is not base64',
        `${String(ex.response?.status)} ${bodyShape(ex.response?.text ?? '')}`,
      );
      if (ex.response?.status === 201) {
        cleanup.leftover(`RM candidate file resume.txt (not base64) of candidate ${id} (no documented delete operation)`);
        return;
      }
      const after = await shownFiles(rm, id);
      const what = `the files candidate ${id} shows through include=resumes`;
      expectCountKept(ex, [before.read, after.read], before.count, after.count, 'rm.rule.file-refused', what);
    },
  );
});
