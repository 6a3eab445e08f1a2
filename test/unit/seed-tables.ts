/**
 * A strict reader of the tables of the seed documents, for unit tests that derive what they expect
 * from the documents instead of repeating them (test/unit/catalogue.test.ts). A row it cannot read
 * throws with the row's text, never skips it: an edit of a seed that the tests cannot follow is
 * noticed, not silently ignored.
 */
export { seedText, type Seed } from './documents';

export interface TableRow {
  cells: string[];
  /** The row as written in the document. */
  line: string;
}

export interface Table {
  /** Where the table is, as the catalogue and the clause registry name it: "§4 Operations", "§7". */
  section: string;
  header: string[];
  rows: TableRow[];
}

function fail(section: string, problem: string, line: string): never {
  throw new Error(`${section}: ${problem}: ${line}`);
}

function cellsOf(section: string, line: string): string[] {
  const trimmed = line.trim();
  if (!trimmed.startsWith('|') || !trimmed.endsWith('|') || trimmed.length < 2) fail(section, 'not a table row', line);
  return trimmed
    .slice(1, -1)
    .split('|')
    .map((cell) => cell.trim());
}

/**
 * The first table of part `part` ("## N. ..."), or of its sub-section "### heading" when given:
 * a header row, a separator row, then rows of as many non-empty cells as the header has.
 */
export function tableIn(text: string, part: number, heading?: string): Table {
  const section = `§${part}${heading ? ` ${heading}` : ''}`;
  const lines = text.split(/\r?\n/);
  const partStart = lines.findIndex((l) => l.startsWith(`## ${part}.`));
  if (partStart < 0) throw new Error(`${section}: no part "## ${part}." in the document`);
  const partEnd = lines.findIndex((l, i) => i > partStart && l.startsWith('## '));
  let start = partStart;
  let end = partEnd < 0 ? lines.length : partEnd;
  if (heading) {
    start = lines.findIndex((l, i) => i > partStart && i < end && l.trim() === `### ${heading}`);
    if (start < 0) throw new Error(`${section}: no heading "### ${heading}" in part ${part}`);
    const next = lines.findIndex((l, i) => i > start && i < end && l.startsWith('### '));
    if (next >= 0) end = next;
  }
  const first = lines.findIndex((l, i) => i > start && i < end && l.trim().startsWith('|'));
  if (first < 0) throw new Error(`${section}: no table`);
  const block: string[] = [];
  for (let i = first; i < end && lines[i]?.trim().startsWith('|'); i++) block.push(lines[i] ?? '');
  const [headerLine = '', separator = '', ...rowLines] = block;
  const header = cellsOf(section, headerLine);
  if (header.some((h) => h === '')) fail(section, 'empty header cell', headerLine);
  if (!/^\|(?:\s*:?-+:?\s*\|)+$/.test(separator.trim()) || cellsOf(section, separator).length !== header.length)
    fail(section, 'no separator row matching the header', separator);
  if (rowLines.length === 0) fail(section, 'table without rows', headerLine);
  const rows = rowLines.map((line): TableRow => {
    const cells = cellsOf(section, line);
    if (cells.length !== header.length)
      fail(section, `cannot read table row (${cells.length} cells, the header has ${header.length})`, line);
    if (cells.some((c) => c === '')) fail(section, 'cannot read table row (an empty cell)', line);
    return { cells, line };
  });
  return { section, header, rows };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface DocumentedOperation {
  method: Method;
  /** A path template, e.g. "/candidates/{candidateId}". */
  path: string;
  /** The "Input" (000) or "Payload" (001) cell. */
  input: string;
  /** The 3-digit statuses of the "Success" cell, in order; empty where the document shows none. */
  success: string[];
  /** Success statuses the cell says come "with body". */
  successWithBody: string[];
  /** The 3-digit statuses of the "Other responses" cell (000 only); empty where it lists none. */
  errors: string[];
  line: string;
}

/** What a status cell says when it gives no status at all; any other cell must hold one. */
const NO_STATUS = new Set(['none listed', 'status not shown']);
const METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const SEGMENT = String.raw`(?:[A-Za-z0-9_-]+|\{[A-Za-z]\w*\})`;
const PATH = new RegExp(String.raw`^(?:/${SEGMENT})+$`);
const SIBLING = /^\/[A-Za-z0-9_-]+$/;

/**
 * The 3-digit statuses of a cell: "200 or 201", "201 added, 200 already a member", "401, 404
 * (integration or candidate missing)", "201 with body {...}; update 200". "none listed" and "status
 * not shown" give none; a cell with no status otherwise, or a number that is no HTTP status, throws.
 */
export function statusesOf(cell: string, section: string, line: string): string[] {
  if (NO_STATUS.has(cell)) return [];
  const numbers = cell.match(/\b\d+\b/g) ?? [];
  if (numbers.length === 0) fail(section, `cannot read statuses "${cell}"`, line);
  for (const n of numbers) if (!/^[1-5]\d\d$/.test(n)) fail(section, `"${n}" in "${cell}" is not an HTTP status`, line);
  return [...new Set(numbers)];
}

/**
 * The paths of a Path cell: one template, or several separated by commas where the later ones name
 * a sibling of the first's last segment ("/hrcore/business-unit/level1, /level2" is
 * /hrcore/business-unit/level1 and /hrcore/business-unit/level2).
 */
export function pathsOf(cell: string, section: string, line: string): string[] {
  const [first = '', ...siblings] = cell.split(/\s*,\s*/);
  if (!PATH.test(first)) fail(section, `cannot read path "${first}"`, line);
  if (siblings.length === 0) return [first];
  const parent = first.slice(0, first.lastIndexOf('/'));
  if (parent === '' || /\{\w+\}$/.test(first)) fail(section, `cannot read "${cell}" as a path and its siblings`, line);
  for (const s of siblings) if (!SIBLING.test(s)) fail(section, `cannot read "${s}" as a sibling of ${first}`, line);
  return [first, ...siblings.map((s) => parent + s)];
}

/** The operations table of part 4 ("### Operations"): one entry per method + path, in document order. */
export function operationsTable(text: string): { section: string; operations: DocumentedOperation[] } {
  const table = tableIn(text, 4, 'Operations');
  const { section, header } = table;
  const [method, path, input, success, other] = header;
  if (
    method !== 'Method' ||
    path !== 'Path' ||
    (input !== 'Input' && input !== 'Payload') ||
    success !== 'Success' ||
    (header.length === 5 ? other !== 'Other responses' : header.length !== 4)
  )
    fail(section, 'unexpected header (Method | Path | Input or Payload | Success [| Other responses])', header.join(' | '));
  const operations: DocumentedOperation[] = [];
  const seen = new Set<string>();
  for (const { cells, line } of table.rows) {
    const [methodCell = '', pathCell = '', inputCell = '', successCell = '', otherCell] = cells;
    if (!METHODS.includes(methodCell)) fail(section, `cannot read method "${methodCell}"`, line);
    const successWithBody = successCell
      .split(';')
      .map((piece) => /^\s*(\d{3}) with body\b/.exec(piece)?.[1])
      .filter((s): s is string => s !== undefined);
    for (const p of pathsOf(pathCell, section, line)) {
      const key = `${methodCell} ${p}`;
      if (seen.has(key)) fail(section, `${key} appears twice`, line);
      seen.add(key);
      operations.push({
        method: methodCell as Method,
        path: p,
        input: inputCell,
        success: statusesOf(successCell, section, line),
        successWithBody,
        errors: otherCell === undefined ? [] : statusesOf(otherCell, section, line),
        line,
      });
    }
  }
  return { section, operations };
}
