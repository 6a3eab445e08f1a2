// Arbitraries for the string formats the schemas use, kept in the forms ajv-formats ("full" mode)
// accepts, plus values that each format rejects. Host names use reserved example domains (RFC 2606)
// because generated values may be sent to real servers.
import fc from 'fast-check';
import { LOCAL_PART_MAX, PEOPLE } from './realistic.js';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

const DOMAINS = ['example.com', 'example.org', 'example.net', 'mail.example.com', 'test.example.org'];

/**
 * The arbitraries of each string format, built on first use: fast-check compiles a regular expression
 * and composes ~40 arbitraries here (~85 ms), which every process importing the generators paid at
 * start-up (each Playwright worker, and the runner listing the tests) whether or not it generates.
 */
function buildFormats(): Record<string, fc.Arbitrary<string>> {
  const dateArb = fc
    .date({ min: new Date(Date.UTC(1970, 0, 1)), max: new Date(Date.UTC(2099, 11, 31)), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));

  const fractionArb = fc.option(
    fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 6 }).map((ds) => `.${ds.join('')}`),
    { nil: '', freq: 2 },
  );

  const offsetArb = fc.oneof(
    { weight: 3, arbitrary: fc.constant('Z') },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 14 }), fc.constantFrom(0, 30, 45))
        .map(([s, h, m]) => `${s}${pad(h)}:${pad(m)}`),
    },
  );

  const clockArb = fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m, s]) => `${pad(h)}:${pad(m)}:${pad(s)}`);

  const timeArb = fc.tuple(clockArb, fractionArb, offsetArb).map(([c, f, o]) => `${c}${f}${o}`);

  const dateTimeArb = fc.tuple(dateArb, timeArb).map(([d, t]) => `${d}T${t}`);

  const wordArb = fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/);

  // Local parts as people have them (RFC 5322 dot-atoms of a name, at most 64 octets): jose.garcia,
  // Jose_Garcia, jgarcia84, jose-garcia+jobs; the names are the pool's plain forms (./realistic.ts).
  const styles: readonly ((first: string, last: string, n: number) => string)[] = [
    (f, l) => `${f}.${l}`,
    (f, l) => `${f}_${l}`,
    (f, l, n) => `${f.slice(0, 1)}${l}${n}`,
    (f, l) => `${f}-${l}`,
    (f, l, n) => `${f}.${l}.${n}`,
  ];
  const localPartArb = fc
    .tuple(
      fc.constantFrom(...PEOPLE.map((p) => p.plainFirst)),
      fc.constantFrom(...PEOPLE.map((p) => p.plainLast)),
      fc.constantFrom(...styles),
      fc.integer({ min: 1, max: 99 }),
      fc.boolean(),
      fc.option(fc.constantFrom('jobs', 'cv', 'careers', 'apply'), { nil: '', freq: 3 }),
    )
    .map(([first, last, style, n, capitalised, tag]) => {
      const name = style(first, last, n);
      return `${(capitalised ? name : name.toLowerCase()).slice(0, LOCAL_PART_MAX - 8)}${tag ? `+${tag}` : ''}`;
    });

  const emailArb = fc.tuple(localPartArb, fc.constantFrom(...DOMAINS)).map(([l, d]) => `${l}@${d}`);

  const uriArb = fc
    .tuple(
      fc.constantFrom('https', 'http'),
      fc.constantFrom(...DOMAINS),
      fc.array(wordArb, { maxLength: 3 }),
      fc.option(
        fc.tuple(wordArb, wordArb).map(([k, v]) => `?${k}=${v}`),
        { nil: '' },
      ),
    )
    .map(([s, host, path, query]) => `${s}://${host}${path.map((p) => `/${p}`).join('')}${query}`);

  const base64Arb = fc.base64String({ maxLength: 40 });

  // ajv-formats' iso-* variants make the offset optional.
  const isoTimeArb = fc.tuple(clockArb, fractionArb, fc.option(offsetArb, { nil: '' })).map(([c, f, o]) => `${c}${f}${o}`);
  const isoDateTimeArb = fc.tuple(dateArb, isoTimeArb).map(([d, t]) => `${d}T${t}`);

  return {
    'iso-date-time': isoDateTimeArb,
    'iso-time': isoTimeArb,
    'date-time': dateTimeArb,
    date: dateArb,
    time: timeArb,
    email: emailArb,
    'idn-email': emailArb,
    uri: uriArb,
    iri: uriArb,
    'uri-reference': fc.oneof(
      uriArb,
      fc.array(wordArb, { minLength: 1, maxLength: 3 }).map((p) => `/${p.join('/')}`),
    ),
    url: uriArb,
    uuid: fc.uuid(),
    hostname: fc.constantFrom(...DOMAINS),
    ipv4: fc.ipV4(),
    ipv6: fc.ipV6(),
    byte: base64Arb,
    binary: fc.string({ unit: 'grapheme-ascii', maxLength: 30 }),
    password: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 30 }),
  };
}

let formats: Record<string, fc.Arbitrary<string>> | null = null;

/** Values ajv-formats rejects for each format, in order of preference. */
const BAD: Record<string, string[]> = {
  'iso-date-time': ['not-a-date-time', '2021-02-30T10:00:00'],
  'iso-time': ['not-a-time', '25:00:00'],
  'date-time': ['not-a-date-time', '2021-02-30T10:00:00Z', '2021-01-01'],
  date: ['not-a-date', '2021-02-30', '31/12/2021'],
  time: ['not-a-time', '25:00:00Z'],
  email: ['not-an-email', 'a@', '@b.c'],
  'idn-email': ['not-an-email'],
  uri: ['not a uri', 'no-scheme'],
  iri: ['not a uri'],
  'uri-reference': ['not a uri\\'],
  url: ['not a url'],
  uuid: ['not-a-uuid', '1234'],
  hostname: ['not a hostname!'],
  ipv4: ['999.1.1.1', 'not-an-ip'],
  ipv6: ['not-an-ipv6'],
  byte: ['not base64!', '#'],
};

/** Numeric formats ajv-formats defines (they bound the value instead of shaping a string). */
export const NUMERIC_FORMATS: Record<string, { min: number; max: number; integer: boolean }> = {
  int32: { min: -(2 ** 31), max: 2 ** 31 - 1, integer: true },
  int64: { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER, integer: true },
  float: { min: -3.4e38, max: 3.4e38, integer: false },
  double: { min: -Number.MAX_VALUE, max: Number.MAX_VALUE, integer: false },
};

export function formatArbitrary(format: string): fc.Arbitrary<string> {
  formats ??= buildFormats();
  const arb = formats[format];
  if (!arb) throw new Error(`unsupported string format "${format}"`);
  return arb;
}

export function badFormatValues(format: string): string[] {
  return BAD[format] ?? [];
}
