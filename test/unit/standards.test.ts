/**
 * The standards the documents invoke are quoted word for word too: every clause of
 * contract/clauses/standards.ts appears (whitespace normalised, a word broken at its hyphen joined again)
 * in the section it names of rfc<N>.txt under CONFORMANCE_STANDARDS_DIR (default ../standards beside
 * the repository). The RFC texts are not part of the repository: where they are absent the test is
 * skipped with one line saying where it looked, never passed silently.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { test } from 'node:test';
import { STANDARD_CLAUSES } from '../../contract/clauses/standards';
import { STANDARD_FILES, type StandardId } from '../../contract/clauses';

const ROOT = join(__dirname, '../..');
const configured = process.env.CONFORMANCE_STANDARDS_DIR?.trim() || '../standards';
const DIR = isAbsolute(configured) ? configured : resolve(ROOT, configured);

/** The RFC's running text: page footers, page headers and form feeds out, words broken at a line-end hyphen joined. */
export function runningText(text: string): string {
  return text
    .replace(/\r/g, '')
    .split('\n')
    .filter((line) => !/\[Page \d+\]\s*$/.test(line) && !/^RFC \d{4} .*\d{4}\s*$/.test(line) && !line.startsWith('\f'))
    .join('\n')
    .replace(/-\n[ \t]*/g, '-');
}

/** The text of section N ("4.1.4.  Title" at the start of a line) up to the next heading of any level. */
export function section(text: string, number: string): string | null {
  const lines = text.split('\n');
  const heading = new RegExp(`^${number.replace(/\./g, '\\.')}\\.\\s+\\S`);
  const start = lines.findIndex((line) => heading.test(line));
  if (start < 0) return null;
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => /^(\d+\.)+\s+\S/.test(line));
  return lines.slice(start, start + 1 + (end < 0 ? rest.length : end)).join('\n');
}

const normalise = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Where a quote of `standard` was not found, or null. */
function problemOf(
  texts: ReadonlyMap<StandardId, string>,
  id: string,
  standard: StandardId,
  sectionRef: string,
  quote: string,
): string | null {
  const text = texts.get(standard);
  if (text === undefined) return null;
  const number = /^§(\d+(?:\.\d+)*)$/.exec(sectionRef)?.[1];
  if (!number) return `${id}: section "${sectionRef}" is not §N or §N.N`;
  const body = section(text, number);
  if (body === null) return `${id}: ${standard} has no section ${number} in ${STANDARD_FILES[standard]}`;
  return normalise(body).includes(normalise(quote)) ? null : `${id}: not found in ${standard} §${number}: "${quote}"`;
}

test('every quote of an invoked standard appears word for word in the section it names', (t) => {
  const texts = new Map<StandardId, string>();
  const missing: string[] = [];
  for (const [standard, file] of Object.entries(STANDARD_FILES) as [StandardId, string][]) {
    const path = join(DIR, file);
    if (existsSync(path)) texts.set(standard, runningText(readFileSync(path, 'utf8')));
    else missing.push(file);
  }
  const problems = Object.values(STANDARD_CLAUSES)
    .map((c) => problemOf(texts, c.id, c.seed as StandardId, c.section, c.quote))
    .filter((p): p is string => p !== null);
  assert.deepEqual(problems, []);
  if (missing.length > 0) t.skip(`no ${missing.join(', ')} under ${DIR} (CONFORMANCE_STANDARDS_DIR): those quotes were not proved`);
});

test('a quote that is not in the standard is caught (the test can fail)', (t) => {
  const path = join(DIR, STANDARD_FILES['RFC 6749']);
  if (!existsSync(path)) {
    t.skip(`no ${STANDARD_FILES['RFC 6749']} under ${DIR} (CONFORMANCE_STANDARDS_DIR)`);
    return;
  }
  const text = runningText(readFileSync(path, 'utf8'));
  const texts = new Map<StandardId, string>([['RFC 6749', text]]);
  assert.equal(problemOf(texts, 'x', 'RFC 6749', '§5.1', 'A refresh token SHOULD NOT be included.')?.startsWith('x: not found'), true);
  assert.equal(problemOf(texts, 'x', 'RFC 6749', '§4.4.3', 'A refresh token SHOULD NOT be included.'), null);
  assert.equal(problemOf(texts, 'x', 'RFC 6749', '§4.4.3', 'A refresh token MUST NOT be included.')?.startsWith('x: not found'), true);
});

test('page footers and headers and a word broken at its hyphen do not hide a quote', () => {
  const page =
    'case-\n   sensitive strings.  The\n\nHardt                        Standards Track                   [Page 23]\n\fRFC 6749                        OAuth 2.0                   October 2012\n\n   strings are defined';
  assert.equal(normalise(runningText(page)), 'case-sensitive strings. The strings are defined');
  assert.equal(section('1.  A\n\n   one\n\n1.1.  B\n   two\n2.  C\n', '1'), '1.  A\n\n   one\n');
});
