// Arbitraries for strings and numbers under their JSON Schema keywords.
import fc from 'fast-check';
import { formatArbitrary, NUMERIC_FORMATS } from './formats.js';
import { guardedFilter, sometimes, UnsatisfiableError } from './guard.js';
import type { JsonObject } from './json.js';
import { showPointer } from './json.js';

/** Readable strings stay short so that generated bodies are cheap to send. */
export const DEFAULT_MAX_STRING = 30;

function num(v: unknown): number | undefined {
  return typeof v === 'number' ? v : undefined;
}

/** Length as ajv counts it (code points). */
export function codePoints(s: string): number {
  return [...s].length;
}

export function schemaRegExp(pattern: string): RegExp {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return new RegExp(pattern);
  }
}

/** Built string arbitraries per schema node and pointer: `fc.stringMatching` compiles its pattern, and generators are rebuilt per test. */
const builtStrings = new WeakMap<JsonObject, Map<string, fc.Arbitrary<string>>>();

export function stringArbitrary(node: JsonObject, ptr: string): fc.Arbitrary<string> {
  let byPointer = builtStrings.get(node);
  if (!byPointer) builtStrings.set(node, (byPointer = new Map()));
  let arb = byPointer.get(ptr);
  if (!arb) byPointer.set(ptr, (arb = buildStringArbitrary(node, ptr)));
  return arb;
}

/**
 * Runs `build` with no stack captured for errors. `fc.stringMatching` probes ~20 strings against a
 * pattern's parts by throwing and catching an error per failed split; under Playwright, whose
 * `Error.stackTraceLimit` is 200, each throw captures a deep stack (a base64 pattern took ~250 ms
 * to build in a worker, ~40 ms outside one). Nothing of ours throws in there.
 */
function withoutStacks<T>(build: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return build();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

function buildStringArbitrary(node: JsonObject, ptr: string): fc.Arbitrary<string> {
  const minL = num(node.minLength) ?? 0;
  const maxL = num(node.maxLength) ?? Infinity;
  const re = typeof node.pattern === 'string' ? schemaRegExp(node.pattern) : undefined;
  const format = typeof node.format === 'string' && !(node.format in NUMERIC_FORMATS) ? node.format : undefined;
  if (!format && !re) {
    return fc.string({ unit: 'grapheme-ascii', minLength: minL, maxLength: Math.min(maxL, Math.max(minL, DEFAULT_MAX_STRING)) });
  }
  const base = format ? formatArbitrary(format) : withoutStacks(() => fc.stringMatching(re as RegExp));
  if (format && !re && minL === 0 && maxL === Infinity) return base;
  const ok = (s: string) => {
    const n = codePoints(s);
    return n >= minL && n <= maxL && (!re || re.test(s));
  };
  return guardedFilter(base, ok, `string at ${showPointer(ptr)}`);
}

interface Range {
  lo: number;
  hi: number;
  loOpen: boolean;
  hiOpen: boolean;
}

function range(node: JsonObject, fallback: number): Range {
  let lo = -Infinity;
  let hi = Infinity;
  let loOpen = false;
  let hiOpen = false;
  const min = num(node.minimum);
  const xmin = num(node.exclusiveMinimum);
  const max = num(node.maximum);
  const xmax = num(node.exclusiveMaximum);
  if (min !== undefined) lo = min;
  if (xmin !== undefined && xmin >= lo) [lo, loOpen] = [xmin, true];
  if (max !== undefined) hi = max;
  if (xmax !== undefined && xmax <= hi) [hi, hiOpen] = [xmax, true];
  const fmt = typeof node.format === 'string' ? NUMERIC_FORMATS[node.format] : undefined;
  if (fmt && fmt.min > lo) [lo, loOpen] = [fmt.min, false];
  if (fmt && fmt.max < hi) [hi, hiOpen] = [fmt.max, false];
  // Unbounded sides get a finite default span so that values stay readable.
  if (lo === -Infinity) lo = hi === Infinity ? -fallback : hi - 2 * fallback;
  if (hi === Infinity) hi = lo + 2 * fallback;
  return { lo, hi, loOpen, hiOpen };
}

function inRange(r: Range, x: number): boolean {
  return (r.loOpen ? x > r.lo : x >= r.lo) && (r.hiOpen ? x < r.hi : x <= r.hi);
}

function decimals(m: number): number {
  const s = String(m);
  const e = s.match(/e-(\d+)$/);
  if (e) return Number(e[1]);
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

/** ajv's multipleOf test (without multipleOfPrecision). */
export function isMultipleOf(x: number, m: number): boolean {
  const q = x / m;
  return q === Math.trunc(q);
}

function safeInt(x: number): number {
  return Math.max(Number.MIN_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, x));
}

function integersIn(lo: number, hi: number): fc.Arbitrary<number> | undefined {
  const a = safeInt(lo);
  const b = safeInt(hi);
  return a <= b ? fc.integer({ min: a, max: b }) : undefined;
}

export function numberArbitrary(node: JsonObject, integer: boolean, ptr: string): fc.Arbitrary<number> {
  const fmt = typeof node.format === 'string' ? NUMERIC_FORMATS[node.format] : undefined;
  const wholeOnly = integer || fmt?.integer === true;
  const r = range(node, wholeOnly ? 2 ** 31 : 1e6);
  const ok = (x: number) => inRange(r, x) && (!wholeOnly || Number.isInteger(x));
  const where = `number at ${showPointer(ptr)}`;
  const m = num(node.multipleOf);
  if (m !== undefined && m > 0) {
    const ks = integersIn(Math.ceil(r.lo / m), Math.floor(r.hi / m));
    if (!ks) throw new UnsatisfiableError(`cannot generate values for ${where}: no multiple of ${m} in range`);
    const d = decimals(m);
    const arb = ks.map((k) => Number((k * m).toFixed(d)));
    return guardedFilter(arb, (x) => ok(x) && isMultipleOf(x, m), where);
  }
  const whole = integersIn(r.loOpen ? Math.floor(r.lo) + 1 : Math.ceil(r.lo), r.hiOpen ? Math.ceil(r.hi) - 1 : Math.floor(r.hi));
  if (wholeOnly) {
    if (!whole) throw new UnsatisfiableError(`cannot generate values for ${where}: no integer in range`);
    return whole;
  }
  // Mostly whole numbers and two-decimal values (readable), sometimes any double in range.
  const options: fc.WeightedArbitrary<number>[] = [];
  if (whole) options.push({ weight: 3, arbitrary: whole });
  const cents = integersIn(Math.ceil(r.lo * 100), Math.floor(r.hi * 100))?.map((k) => k / 100);
  if (cents && sometimes(cents, ok)) options.push({ weight: 3, arbitrary: cents.filter(ok) });
  options.push({
    weight: 1,
    arbitrary: fc
      .double({ min: r.lo, max: r.hi, minExcluded: r.loOpen, maxExcluded: r.hiOpen, noNaN: true, noDefaultInfinity: true })
      .map((x) => (Object.is(x, -0) ? 0 : x)),
  });
  // Every option stays in range by construction; the filter only catches rounding at open bounds.
  return fc.oneof(...options).filter(ok);
}
