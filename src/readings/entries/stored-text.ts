/**
 * Readings of what a candidate's stored text reads back as (000 §2 Candidate: "| name, first_name,
 * last_name | string |", "| email, phone_number | string |"; D42, D50, D65). No sentence says a value
 * reads back as sent, and none gives a character rule: a target may trim, escape or strip markup,
 * normalise Unicode, lower-case an address, or keep a telephone number in one of the forms of the
 * same number; it may also refuse a name for its characters. Nothing else: a letter changed or lost,
 * a truncation, UTF-8 read as Latin-1 (mojibake), a number that merely ends with the same digits.
 */
import { createRequire } from 'node:module';
import type * as Phones from 'libphonenumber-js/max';
import { defineReadings, type Reading, type ReadingsEntry } from '../types';

/** A value a write sent and what a read afterwards showed of it. */
export interface ReadBack {
  readonly sent: string;
  readonly read: unknown;
}

const rb = (sent: string, read: unknown): ReadBack => ({ sent, read });

// ---- text ------------------------------------------------------------------------------------------

/** The five characters HTML escapers replace (`&`, `<`, `>`, `"`, `'`). */
const SPECIAL = new Set(['&', '<', '>', '"', "'"]);
const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * `text` with the character references of the five special characters decoded (`&amp;`, `&lt;`,
 * `&#39;`, `&#x27;`, ...), once; every other reference is left as it is (an é written `&eacute;` is
 * no escaping of a special character).
 */
export function decodeSpecials(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    const lower = ref.toLowerCase();
    const c = lower.startsWith('#x')
      ? String.fromCodePoint(parseInt(lower.slice(2), 16))
      : lower.startsWith('#')
        ? String.fromCodePoint(Number(lower.slice(1)))
        : (NAMED[lower] ?? '');
    return SPECIAL.has(c) ? c : whole;
  });
}

/** Text with markup taken out as a sanitiser does it: tags and comments removed, then any `<` and `>` left (Rails strip_tags). */
export function withoutMarkup(text: string): string {
  return text
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/?[a-z][^>]*>/gi, '')
    .replace(/[<>]/g, '');
}

const text = (read: unknown): read is string => typeof read === 'string';
/** The value sent, or the same trimmed: each reading below may come with a trim (a framework trims before it stores). */
const sentForms = (sent: string): string[] => [sent, sent.trim()];

const MOJIBAKE = 'Jos\u00c3\u00a9';
const asSent: Reading<ReadBack> = {
  id: 'as-sent',
  name: 'as sent, byte for byte',
  frameworks: ['a plain string column (Rails, Django, Laravel, Spring Data JPA, Prisma)'],
  holds: (s) => s.read === s.sent,
  shows: [rb('José', 'José'), rb("O'Brien", "O'Brien"), rb('李', '李')],
  not: [rb('José', MOJIBAKE), rb('José', 'Jose'), rb('Müller-Lüdenscheidt', 'Müller-Lü'), rb(' Ada ', 'Ada')],
};

const trimmed: Reading<ReadBack> = {
  id: 'trimmed',
  name: 'trimmed of leading and trailing white space',
  frameworks: ['Django REST framework CharField (trim_whitespace)', 'Laravel TrimStrings middleware', 'Rails normalizes with strip'],
  holds: (s) => s.read === s.sent.trim(),
  shows: [rb(' Ada ', 'Ada'), rb('Zoë', 'Zoë')],
  not: [rb(' Ada ', ' Ada'), rb('Zoë', 'Zoe'), rb('Ada', null)],
};

const htmlEscaped: Reading<ReadBack> = {
  id: 'html-escaped',
  name: 'with the HTML special characters & < > " \' escaped as character references',
  frameworks: ['Django escape() in a serializer', 'PHP htmlspecialchars', 'OWASP Java Encoder Encode.forHtml'],
  holds: (s) => text(s.read) && sentForms(s.sent).includes(decodeSpecials(s.read)),
  shows: [rb('Tom & "Jerry" <b>', 'Tom &amp; &quot;Jerry&quot; &lt;b&gt;'), rb("O'Brien", 'O&#x27;Brien'), rb("O'Brien", "O'Brien")],
  not: [rb('José', 'Jos&eacute;'), rb('Ada & co', 'Ada &amp co'), rb("O'Brien", 'OBrien')],
};

const markupStripped: Reading<ReadBack> = {
  id: 'markup-stripped',
  name: 'with markup stripped (tags, comments and stray < >), the rest as sent or HTML-escaped',
  frameworks: ['Rails strip_tags', 'bleach.clean(strip=True)', 'PHP strip_tags'],
  holds: (s) => text(s.read) && sentForms(s.sent).some((f) => decodeSpecials(s.read as string) === withoutMarkup(f).trim()),
  shows: [rb('<b>Ada</b> Lovelace', 'Ada Lovelace'), rb('Ada <3 & co', 'Ada 3 &amp; co'), rb('Zoë', 'Zoë')],
  not: [rb('<b>Ada</b> Lovelace', 'Ada Lovelac'), rb('Ada <3 & co', 'Ada 3  co'), rb('Zoë', 'Zo')],
};

const nfc: Reading<ReadBack> = {
  id: 'nfc',
  name: 'in Unicode normalisation form C (composed: e and U+0301 become é)',
  frameworks: [
    'PostgreSQL normalize() (NFC by default)',
    'java.text.Normalizer Form.NFC in an input filter',
    'the W3C character model (NFC on the Web)',
  ],
  holds: (s) => text(s.read) && sentForms(s.sent).some((f) => f.normalize('NFC') === s.read),
  shows: [rb('Chloe\u0301', 'Chlo\u00e9'), rb('Zoë', 'Zoë')],
  not: [rb('Chloe\u0301', 'Chloe'), rb('Chloe\u0301', 'Chlo\u00c3\u00a9')],
};

const nfd: Reading<ReadBack> = {
  id: 'nfd',
  name: 'in Unicode normalisation form D (decomposed: é becomes e and U+0301)',
  frameworks: ['macOS file system names (HFS+ and APFS keep NFD)', 'java.text.Normalizer Form.NFD before accent-insensitive search'],
  holds: (s) => text(s.read) && sentForms(s.sent).some((f) => f.normalize('NFD') === s.read),
  shows: [rb('Zo\u00eb', 'Zoe\u0308'), rb('Ada', 'Ada')],
  not: [rb('Zo\u00eb', 'Zoe'), rb('Nguyễn', 'Nguyen')],
};

const blankAsNothing: Reading<ReadBack> = {
  id: 'blank-as-nothing',
  name: 'a blank value stored as nothing (null, absent or empty)',
  frameworks: ['Rails nilify_blanks', 'Django CharField(null=True) cleaned to None'],
  holds: (s) => s.sent.trim() === '' && (s.read === null || s.read === undefined || s.read === ''),
  shows: [rb('  ', null), rb('', undefined)],
  not: [rb('Ada', null), rb('  ', 'x')],
};

export const RM_STORED_NAMES: ReadingsEntry<ReadBack> = defineReadings({
  id: 'rm.candidate.names.stored',
  decision: 'D50',
  clause: 'rm.candidate.names',
  question:
    'A first or last name read back after a write: 000 §2 types it "string" and says neither that it reads back as sent nor which characters it may hold. Which forms of the same text are lawful?',
  judgedBy: 'state',
  readings: [asSent, trimmed, htmlEscaped, markupStripped, nfc, nfd, blankAsNothing],
});

// ---- e-mail ------------------------------------------------------------------------------------------

const at = (address: string): [string, string] => {
  const i = address.lastIndexOf('@');
  return i < 0 ? [address, ''] : [address.slice(0, i), address.slice(i + 1)];
};

export const RM_STORED_EMAIL: ReadingsEntry<ReadBack> = defineReadings({
  id: 'rm.candidate.email.stored',
  decision: 'D42',
  clause: 'rm.candidate.contact',
  question:
    'An e-mail address read back after POST /candidates: 000 §2 types it "string"; does it read back as sent, or in a lower case (RFC 5321 §2.4: the domain is case-insensitive; many systems fold the whole address)?',
  judgedBy: 'state',
  readings: [
    {
      id: 'as-sent',
      name: 'as sent, byte for byte',
      frameworks: ['a plain string column (Rails, Django, Laravel, Spring Data JPA)'],
      holds: (s) => s.read === s.sent,
      shows: [rb('Zoe.Saldana+r1@Example.com', 'Zoe.Saldana+r1@Example.com')],
      not: [rb('Zoe.Saldana+r1@Example.com', 'zoe.saldana+r1@example.com'), rb('Zoe.Saldana+r1@Example.com', null)],
    },
    {
      id: 'domain-lower-cased',
      name: 'the domain lower-cased, the local part as sent',
      frameworks: ['Django BaseUserManager.normalize_email', 'Python email-validator (normalized form)'],
      holds: (s) => {
        const [local, domain] = at(s.sent);
        return s.read === `${local}@${domain.toLowerCase()}`;
      },
      shows: [rb('Zoe.Saldana+r1@Example.com', 'Zoe.Saldana+r1@example.com'), rb('a@x.org', 'a@x.org')],
      not: [rb('Zoe.Saldana+r1@Example.com', 'zoe.saldana+r1@example.com'), rb('Zoe.Saldana+r1@Example.com', 'Zoe.Saldana@example.com')],
    },
    {
      id: 'lower-cased',
      name: 'the whole address lower-cased',
      frameworks: [
        'Devise case_insensitive_keys (:email by default)',
        'Rails before_save { email.downcase! }',
        'Laravel Fortify lowercase_usernames',
      ],
      holds: (s) => s.read === s.sent.toLowerCase(),
      shows: [rb('Zoe.Saldana+r1@Example.com', 'zoe.saldana+r1@example.com')],
      // The local part changed (the +tag dropped, a dot removed): no folding of case does that.
      not: [rb('Zoe.Saldana+r1@Example.com', 'zoe.saldana@example.com'), rb('Zoe.Saldana+r1@Example.com', 'zoesaldana+r1@example.com')],
    },
  ],
});

// ---- telephone numbers ---------------------------------------------------------------------------------

let phones: typeof Phones | null = null;

/** libphonenumber-js with its full metadata, loaded on first use. */
function phoneLibrary(): typeof Phones {
  phones ??= createRequire(__filename)('libphonenumber-js/max') as typeof Phones;
  return phones;
}

/** The number `sent` names (libphonenumber), or null when it names none. */
function parsed(sent: string): Phones.PhoneNumber | null {
  try {
    const number = phoneLibrary().parsePhoneNumber(sent);
    return number.isValid() ? number : null;
  } catch {
    return null;
  }
}

/** A reading that keeps the number sent in one form libphonenumber gives it. */
const numberAs = (
  id: string,
  name: string,
  frameworks: string[],
  form: (n: Phones.PhoneNumber) => string,
  examples: Pick<Reading<ReadBack>, 'shows' | 'not'>,
): Reading<ReadBack> => ({
  id,
  name,
  frameworks,
  holds: (s) => {
    const number = parsed(s.sent);
    return number !== null && s.read === form(number);
  },
  ...examples,
});

const LONDON = '+44 20 7123 4567';
/** The same last seven digits, one digit changed before them; the same national number under another country code. */
const NEAR_MISSES = [rb(LONDON, '+442081234567'), rb(LONDON, '+12071234567'), rb(LONDON, '71234567'), rb(LONDON, null)];

export const RM_STORED_PHONE: ReadingsEntry<ReadBack> = defineReadings({
  id: 'rm.candidate.phone.stored',
  decision: 'D42',
  clause: 'rm.candidate.contact',
  question:
    'A phone number read back after POST /candidates: 000 §2 types it "string"; does it read back as sent, or as the same number in another of the forms libphonenumber gives it (E.164, international, national)?',
  judgedBy: 'state',
  readings: [
    {
      id: 'as-sent',
      name: 'as sent, byte for byte',
      frameworks: ['a plain string column (Rails, Django, Laravel, Spring Data JPA)'],
      holds: (s) => s.read === s.sent,
      shows: [rb(LONDON, LONDON), rb('+442071234567', '+442071234567')],
      not: [rb(LONDON, '+442071234567'), ...NEAR_MISSES],
    },
    numberAs(
      'e164',
      'the same number in E.164 (+442071234567)',
      [
        'django-phonenumber-field (PHONENUMBER_DB_FORMAT "E164", the default)',
        'phony_rails phony_normalize',
        'libphonenumber format(E164)',
      ],
      (n) => n.number,
      { shows: [rb(LONDON, '+442071234567'), rb('+442071234567', '+442071234567')], not: [rb(LONDON, LONDON), ...NEAR_MISSES] },
    ),
    numberAs(
      'international',
      'the same number in the international format of its country (+44 20 7123 4567)',
      ['django-phonenumber-field (PHONENUMBER_DEFAULT_FORMAT "INTERNATIONAL")', 'libphonenumber format(INTERNATIONAL)'],
      (n) => n.formatInternational(),
      { shows: [rb('+442071234567', LONDON)], not: [rb(LONDON, '+44 (0)20 7123 4567'), ...NEAR_MISSES] },
    ),
    numberAs(
      'national',
      'the same number in the national format of its country (020 7123 4567)',
      ['django-phonenumber-field (PHONENUMBER_DEFAULT_FORMAT "NATIONAL")', 'libphonenumber format(NATIONAL)'],
      (n) => n.formatNational(),
      { shows: [rb(LONDON, '020 7123 4567'), rb('+14155552671', '(415) 555-2671')], not: [rb(LONDON, '020 8123 4567'), ...NEAR_MISSES] },
    ),
  ],
});

// ---- values refused for their form ---------------------------------------------------------------------

/** How a write sending a value as people write it (José, O'Brien, 李; +44 20 7123 4567) was answered: its status. */
export interface TypedAnswered {
  readonly status: number;
}

/** The two lawful answers to a value as people write it, `what` naming the value and `refusing` what refuses it. */
const takenOrRefused = (what: string, refusing: string[]): Reading<TypedAnswered>[] => [
  {
    id: 'takes-it',
    name: `takes ${what} as written`,
    frameworks: ['a UTF-8 string column without a format rule (Rails, Django, Laravel, Spring)'],
    holds: (s) => s.status >= 200 && s.status < 300,
    shows: [{ status: 201 }, { status: 200 }],
    not: [{ status: 422 }, { status: 400 }, { status: 500 }],
  },
  {
    id: 'refuses-with-422',
    name: `refuses ${what} as validation failed (422), and takes the plain form`,
    frameworks: refusing,
    holds: (s) => s.status === 422,
    shows: [{ status: 422 }],
    not: [{ status: 400 }, { status: 500 }, { status: 201 }],
  },
];

export const RM_NAME_CHARACTERS: ReadingsEntry<TypedAnswered> = defineReadings({
  id: 'rm.candidate.names.characters',
  decision: 'D65',
  clause: 'rm.candidate.names',
  question:
    'A candidate write sending a name with accents, an apostrophe or another script: 000 §2 gives no character rule for "string", so is it taken, or may it be refused as validation failed (000 §7 422)?',
  judgedBy: 'state',
  readings: takenOrRefused('every character of the name', [
    'a Latin-1 (ISO 8859-1) column, or a name pattern such as ^[A-Za-z ]+$ (Bean Validation @Pattern, Rails validates format, Django RegexValidator)',
  ]),
});

export const RM_PHONE_TYPED: ReadingsEntry<TypedAnswered> = defineReadings({
  id: 'rm.candidate.phone.typed',
  decision: 'D65',
  clause: 'rm.candidate.contact',
  question:
    'A candidate write sending a valid phone number as people type it (+44 20 7123 4567): 000 §2 gives no format for "string", so is it taken, or may it be refused as validation failed (000 §7 422) by a target that takes E.164 alone?',
  judgedBy: 'state',
  readings: takenOrRefused('the number with its spaces', [
    'an E.164 pattern such as ^\\+[1-9]\\d{1,14}$ (Twilio-style validation, OpenAPI pattern)',
  ]),
});

export const STORED_TEXT_READINGS = [RM_STORED_NAMES, RM_STORED_EMAIL, RM_STORED_PHONE, RM_NAME_CHARACTERS, RM_PHONE_TYPED] as const;
