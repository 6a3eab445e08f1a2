/**
 * Data as people have it, for bodies real servers' validators accept: names as people write them
 * (accents, apostrophes, hyphens, spaces, scripts other than Latin, decomposed accents), telephone
 * numbers of real numbering plans (valid for libphonenumber, never in a range reserved for fiction),
 * and e-mail addresses of the usual RFC 5322 dot-atom form at reserved example domains (RFC 2606).
 * Every person carries the same name in plain ASCII letters: what the suite sends instead to a target
 * that refuses the characters of a name (000 §2 and 001 §2 give names as "string" and no character
 * rule, so refusing some is a validation choice; schemas/DECISIONS.md D65). What the suite sends: D64.
 */
import { createRequire } from 'node:module';
import type * as Phones from 'libphonenumber-js/max';

/** The countries whose numbering plans the suite draws from (ISO 3166-1 alpha-2, as libphonenumber names them). */
export type PhoneCountry =
  | 'US'
  | 'GB'
  | 'DE'
  | 'FR'
  | 'AU'
  | 'JP'
  | 'BR'
  | 'IN'
  | 'ES'
  | 'IE'
  | 'NL'
  | 'VN'
  | 'CN'
  | 'PL'
  | 'IS'
  | 'GR'
  | 'MX'
  | 'NG';

export interface Person {
  /** Given name as the person writes it. */
  readonly first: string;
  /** Family name as the person writes it. */
  readonly last: string;
  /** The given name in plain ASCII letters (one word): the fallback, and the e-mail's local part. */
  readonly plainFirst: string;
  /** The family name in plain ASCII letters (one word). */
  readonly plainLast: string;
  /** Where the person's telephone number is. */
  readonly country: PhoneCountry;
  /** The domain the person types (a reserved example domain, capitalised as a phone keyboard may leave it). */
  readonly domain: string;
}

const person = (
  first: string,
  last: string,
  plainFirst: string,
  plainLast: string,
  country: PhoneCountry,
  domain = 'example.com',
): Person => Object.freeze({ first, last, plainFirst, plainLast, country, domain });

/**
 * Names as people have them. Each is in Unicode NFC except Chloé, whose é is sent decomposed (NFD:
 * e and U+0301, as macOS text input gives it), so that a target normalising text shows it.
 */
export const PEOPLE: readonly Person[] = Object.freeze([
  person('José', 'García Márquez', 'Jose', 'Garcia', 'ES'),
  person('Siobhán', "O'Brien", 'Siobhan', 'OBrien', 'IE'),
  person('Thị Minh', 'Nguyễn', 'Minh', 'Nguyen', 'VN'),
  person('Jürgen', 'Müller-Lüdenscheidt', 'Juergen', 'Mueller', 'DE'),
  person('小龙', '李', 'Xiaolong', 'Li', 'CN'),
  person('Zoë', 'Saldaña', 'Zoe', 'Saldana', 'US', 'Example.com'),
  person('Mary Ann', 'van der Berg', 'Maryann', 'Vanderberg', 'NL', 'example.org'),
  person('Chloe\u0301', 'Lefèvre', 'Chloe', 'Lefevre', 'FR'),
  person('Łukasz', 'Wróbel', 'Lukasz', 'Wrobel', 'PL'),
  person('Ólafur', 'Þórsson', 'Olafur', 'Thorsson', 'IS', 'example.net'),
  person('Αλέξανδρος', 'Παπαδόπουλος', 'Alexandros', 'Papadopoulos', 'GR'),
  person('Chidinma', 'Okonkwo-Eze', 'Chidinma', 'Okonkwo', 'NG'),
  person('Priya', "D'Souza", 'Priya', 'DSouza', 'IN'),
  person('Hana', 'Takahashi', 'Hana', 'Takahashi', 'JP'),
  person('João Pedro', 'Conceição', 'Joao', 'Conceicao', 'BR'),
  person('Ximena', 'Ruiz-Tagle', 'Ximena', 'Ruiz', 'MX'),
]);

/** A plain name: ASCII letters only, what every validator of names takes. */
export const PLAIN_NAME = /^[A-Za-z]+$/;

/** The person's name in plain ASCII letters: the same person, for a target that refuses the characters of the name. */
export function plainPerson(p: Person): Person {
  return person(p.plainFirst, p.plainLast, p.plainFirst, p.plainLast, p.country, p.domain);
}

/** True when both names are plain already (a target cannot refuse their characters). */
export function isPlainPerson(p: Person): boolean {
  return PLAIN_NAME.test(p.first) && PLAIN_NAME.test(p.last);
}

const FOLDED: Readonly<Record<string, string>> = {
  ß: 'ss',
  Ł: 'L',
  ł: 'l',
  Ø: 'O',
  ø: 'o',
  Þ: 'Th',
  þ: 'th',
  Æ: 'Ae',
  æ: 'ae',
  Œ: 'Oe',
  œ: 'oe',
  Đ: 'D',
  đ: 'd',
};

/**
 * The plain form of a name: the pool's own plain form for a name of the pool (李 is Li), else the
 * name folded to ASCII letters (accents dropped, ß as ss); `fallback` when nothing is left.
 */
export function plainName(name: string, fallback = 'Ada'): string {
  for (const p of PEOPLE) {
    if (p.first === name) return p.plainFirst;
    if (p.last === name) return p.plainLast;
  }
  const folded = [...name.normalize('NFD')]
    .map((c) => FOLDED[c] ?? c)
    .join('')
    .replace(/[^A-Za-z]/g, '');
  return folded === '' ? fallback : folded;
}

/** The person at `n` (any integer), round the pool. */
export function personAt(n: number): Person {
  const i = ((Math.trunc(n) % PEOPLE.length) + PEOPLE.length) % PEOPLE.length;
  return PEOPLE[i] as Person;
}

// ---- e-mail addresses ---------------------------------------------------------------------------

/** RFC 5321 §4.5.3.1.1: "The maximum total length of a user name or other local-part is 64 octets." */
export const LOCAL_PART_MAX = 64;

/** RFC 5322 §3.2.3 atext, and a dot-atom of it (no quoted strings, comments or IP literals: nothing exotic). */
const DOT_ATOM = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;

/** True for a local part real validators take: an RFC 5322 dot-atom of at most 64 octets. */
export function isUsualLocalPart(local: string): boolean {
  return local.length <= LOCAL_PART_MAX && DOT_ATOM.test(local);
}

/**
 * The address a person types, `First.Last+tag@domain`: `tag` (letters, digits, `-` and `.`) is what
 * makes it the run's and unique (README: every record carries the run id); the name part is cut to
 * keep the local part within 64 octets. Throws when the tag alone does not fit (a suite error).
 */
export function personalEmail(p: Person, tag: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9.-]*$/.test(tag)) throw new Error(`personalEmail: the tag "${tag}" is not letters, digits, "-" and "."`);
  const room = LOCAL_PART_MAX - tag.length - 1;
  if (room < 1) throw new Error(`personalEmail: the tag "${tag}" leaves no room for a name in a 64-octet local part`);
  const name = `${p.plainFirst}.${p.plainLast}`.slice(0, room).replace(/\.$/, '');
  const local = `${name}+${tag}`;
  if (!isUsualLocalPart(local)) throw new Error(`personalEmail: "${local}" is no RFC 5322 dot-atom`);
  return `${local}@${p.domain}`;
}

// ---- telephone numbers ----------------------------------------------------------------------------

/**
 * Ranges reserved for drama and fiction, never a real subscriber's: a number there is valid by the
 * plan's shape but meets no real validator of "is this a reachable number", and says the data is fake.
 * NANP 555 exchange (555-0100 to 555-0199 reserved for fiction); Ofcom's drama numbers; ACMA's
 * fictitious numbers; ARCEP's fiction ranges.
 */
const FICTION: readonly { readonly prefix: RegExp; readonly where: string }[] = [
  { prefix: /^\+1\d{3}555/, where: 'the NANP 555 exchange (555-0100 to 555-0199 are reserved for fiction)' },
  {
    prefix: /^\+44(?:11[3-8]496|121496|131496|141496|151496|161496|1632960|2079460|2896496|2920180|7700900|8081570|9098790|3069990)/,
    where: "Ofcom's numbers for drama",
  },
  { prefix: /^\+61(?:49157|[2378]5550|[2378]7010)/, where: "ACMA's fictitious numbers" },
  { prefix: /^\+33(?:19900|26191|35301|46571|53649|63998)/, where: "ARCEP's ranges for fiction" },
];

/** Where `e164` lies in a range reserved for fiction, or null. */
export function fictionalRange(e164: string): string | null {
  return FICTION.find((f) => f.prefix.test(e164))?.where ?? null;
}

/**
 * Shapes of real numbers per plan: the country calling code, then the national significant number,
 * where `X` is any digit and `[..]` one of the digits listed. Every number drawn is checked by
 * libphonenumber (valid, of a subscriber's type) and against FICTION before it is used.
 */
const PLANS: Readonly<Record<PhoneCountry, readonly string[]>> = {
  US: ['+1 [24567][01]X [2-9]XX XXXX'],
  GB: ['+44 7[45789]XX XXXXXX', '+44 20 7XXX XXXX'],
  DE: ['+49 151 XXXXXXXX', '+49 30 XXXXXXXX'],
  FR: ['+33 6 XX XX XX XX'],
  AU: ['+61 4[0123456]X XXX XXX', '+61 2 9XXX XXXX'],
  JP: ['+81 90 XXXX XXXX'],
  BR: ['+55 11 9XXXX XXXX'],
  IN: ['+91 9XXXX XXXXX'],
  ES: ['+34 6XX XXX XXX'],
  IE: ['+353 8[35679] XXX XXXX'],
  NL: ['+31 6[12345]XXX XXXX'],
  VN: ['+84 9X XXX XXXX'],
  CN: ['+86 13X XXXX XXXX'],
  PL: ['+48 5[0137]X XXX XXX'],
  IS: ['+354 6XX XXXX'],
  GR: ['+30 69X XXX XXXX'],
  MX: ['+52 55 XXXX XXXX'],
  NG: ['+234 80[3456789] XXX XXXX'],
};

export const PHONE_COUNTRIES = Object.freeze(Object.keys(PLANS) as PhoneCountry[]);

/** The types of number a person gives as theirs (not a pager, a premium or toll-free service, a voicemail access number). */
const SUBSCRIBER_TYPES = new Set(['MOBILE', 'FIXED_LINE', 'FIXED_LINE_OR_MOBILE']);

let phones: typeof Phones | null = null;

/** libphonenumber-js with its full metadata, loaded on first use (~50 ms: not paid by every worker that never draws a number). */
export function phoneLibrary(): typeof Phones {
  phones ??= createRequire(__filename)('libphonenumber-js/max') as typeof Phones;
  return phones;
}

/** A 32-bit mix of `n` (splitmix32): the digits of a number drawn for `n`, the same on every run. */
function mix(n: number): () => number {
  let state = n >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

function digitsOf(set: string): string[] {
  return [
    ...set.replace(/(\d)-(\d)/g, (_, a: string, b: string) =>
      Array.from({ length: Number(b) - Number(a) + 1 }, (_x, i) => String(Number(a) + i)).join(''),
    ),
  ];
}

/** Fills a plan's shape with digits from `next`: E.164 (spaces dropped). */
function fill(shape: string, next: () => number): string {
  return shape
    .replace(/\[([0-9-]+)\]/g, (_, set: string) => {
      const digits = digitsOf(set);
      return digits[next() % digits.length] ?? '0';
    })
    .replace(/X/g, () => String(next() % 10))
    .replace(/ /g, '');
}

/** Why `e164` is not a real subscriber's number of `country`, or null when it is one. */
export function phoneProblem(e164: string, country?: PhoneCountry): string | null {
  const lib = phoneLibrary();
  if (!lib.isValidPhoneNumber(e164)) return 'not valid for libphonenumber';
  const parsed = lib.parsePhoneNumber(e164);
  if (country !== undefined && parsed.country !== country) return `of ${String(parsed.country)}, not ${country}`;
  const type = parsed.getType();
  if (type === undefined || !SUBSCRIBER_TYPES.has(type)) return `of type ${String(type)}, not a subscriber's`;
  return fictionalRange(e164);
}

export interface PhoneNumber {
  /** E.164 (`+442071234567`): the form every phone validator takes; what the suite sends where it needs the write taken. */
  readonly e164: string;
  /** As people type it: the international format libphonenumber gives (`+44 20 7123 4567`); a target may refuse its spaces (D65). */
  readonly typed: string;
  readonly country: PhoneCountry;
}

/** A mobile number, or a fixed line (a home or work phone); libphonenumber may not tell the two apart in a plan (US). */
export type PhoneKind = 'mobile' | 'fixed';

const KIND_TYPES: Readonly<Record<PhoneKind, readonly string[]>> = {
  mobile: ['MOBILE', 'FIXED_LINE_OR_MOBILE'],
  fixed: ['FIXED_LINE', 'FIXED_LINE_OR_MOBILE'],
};

/**
 * A real subscriber's number of `country`'s plan (of `kind` when given), drawn for `n` (the same
 * number for the same `n`), in E.164 and as people type it.
 * Throws when 50 draws find none (a plan shape that is wrong: test/unit/realistic.test.ts tries every plan).
 */
export function phoneNumber(country: PhoneCountry, n: number, kind?: PhoneKind): PhoneNumber {
  const shapes = PLANS[country];
  const next = mix(n * 7919 + country.charCodeAt(0) * 31 + country.charCodeAt(1));
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const shape = shapes[next() % shapes.length] ?? shapes[0] ?? '';
    const e164 = fill(shape, next);
    if (phoneProblem(e164, country) !== null) continue;
    const number = phoneLibrary().parsePhoneNumber(e164);
    if (kind !== undefined && !KIND_TYPES[kind].includes(number.getType() ?? '')) continue;
    return Object.freeze({ e164, typed: number.formatInternational(), country });
  }
  throw new Error(`phoneNumber: no valid ${kind ?? ''} number of ${country} drawn from ${shapes.join(', ')} in 50 draws`);
}

/** The plain form of a phone number: its E.164 when libphonenumber reads a valid number in it, else the text as it is. */
export function plainPhone(text: string): string {
  try {
    const number = phoneLibrary().parsePhoneNumber(text);
    return number.isValid() ? number.number : text;
  } catch {
    return text;
  }
}

/** A real number of some plan for `n`, round the countries. */
export function anyPhoneNumber(n: number): PhoneNumber {
  const i = ((Math.trunc(n) % PHONE_COUNTRIES.length) + PHONE_COUNTRIES.length) % PHONE_COUNTRIES.length;
  return phoneNumber(PHONE_COUNTRIES[i] as PhoneCountry, Math.trunc(n / PHONE_COUNTRIES.length));
}
