/**
 * How the reference server stores a candidate's names, e-mail address and phone number (000 §2
 * "| name, first_name, last_name | string |", "| email, phone_number | string |"): as sent, unless a
 * variant takes another lawful reading (schemas/DECISIONS.md D42, D50, D65) or a fault breaks them.
 * libphonenumber-js (its full metadata) formats a number for the variants that keep another form of
 * it; it is loaded on first use.
 */
import { createRequire } from 'node:module';
import type * as Phones from 'libphonenumber-js/max';
import type { RmEnv } from './env';
import { invalid } from './respond';
import { on } from '../switches';

let phones: typeof Phones | null = null;
const phoneLibrary = (): typeof Phones => (phones ??= createRequire(__filename)('libphonenumber-js/max') as typeof Phones);

/** The number `text` names, or null (a string that is no phone number is stored as it is). */
function parsed(text: string): Phones.PhoneNumber | null {
  try {
    const number = phoneLibrary().parsePhoneNumber(text);
    return number.isValid() ? number : null;
  } catch {
    return null;
  }
}

/** A character outside printable ISO 8859-1 (a control character too), or an apostrophe (straight or typographic). */
const NOT_LATIN1 = /[^\u0020-\u00ff]|['\u2019]/u;

/**
 * Under rm.variant.names-latin1-only: 422 for a name with a character outside Latin-1 or an
 * apostrophe (a Latin-1 column behind a name pattern), naming the attribute. A validation choice
 * 000 §2 leaves open (D65).
 */
export function refuseNameCharacters(env: RmEnv, names: Readonly<Record<string, string | undefined>>): void {
  if (!on(env.behaviour, 'rm.variant.names-latin1-only')) return;
  for (const [attribute, value] of Object.entries(names)) {
    if (value !== undefined && NOT_LATIN1.test(value))
      throw invalid(`${attribute} may hold only Latin-1 letters, spaces and hyphens`, `/data/attributes/${attribute}`);
  }
}

/** Under rm.variant.phone-e164-only: 422 for a phone number not written in E.164 (a validation choice 000 §2 leaves open, D65). */
export function refusePhoneForm(env: RmEnv, phone: string | undefined): void {
  if (phone !== undefined && phone !== '' && on(env.behaviour, 'rm.variant.phone-e164-only') && !/^\+[1-9]\d{1,14}$/.test(phone))
    throw invalid('phone_number must be written in E.164 (+ and up to 15 digits)', '/data/attributes/phone_number');
}

/** A first or last name as stored: Unicode normalised under the nfc and nfd variants; broken under the name faults. */
export function storedName(env: RmEnv, name: string): string {
  let text = name;
  if (on(env.behaviour, 'rm.variant.names-nfc')) text = text.normalize('NFC');
  if (on(env.behaviour, 'rm.variant.names-nfd')) text = text.normalize('NFD');
  // The mojibake fault decodes the UTF-8 bytes as Latin-1 (a connection or column in the wrong charset).
  if (on(env.behaviour, 'rm.candidates.names-mojibake')) text = Buffer.from(text, 'utf8').toString('latin1');
  // The accents-dropped fault folds to ASCII where it can (decomposes and drops the combining marks).
  if (on(env.behaviour, 'rm.candidates.names-accents-dropped')) text = text.normalize('NFD').replace(/\p{M}/gu, '');
  // The truncated fault keeps the first 10 characters (a VARCHAR(10) that truncates instead of refusing).
  if (on(env.behaviour, 'rm.candidates.names-truncated')) text = [...text].slice(0, 10).join('');
  return text;
}

/** An e-mail address as stored, and as the e-mail filter compares it: lower-cased under the variants; folded under the fault. */
export function storedEmail(env: RmEnv, email: string): string {
  const at = email.lastIndexOf('@');
  const [local, domain] = at < 0 ? [email, ''] : [email.slice(0, at), email.slice(at + 1)];
  if (on(env.behaviour, 'rm.variant.email-lowercased')) return email.toLowerCase();
  if (on(env.behaviour, 'rm.variant.email-domain-lowercased') && at >= 0) return `${local}@${domain.toLowerCase()}`;
  // The email-folded fault reads every address as a mail provider does: lower-cased, the dots of the local part dropped.
  if (on(env.behaviour, 'rm.candidates.create.email-folded') && at >= 0)
    return `${local.toLowerCase().replace(/\./g, '')}@${domain.toLowerCase()}`;
  return email;
}

/** A phone number as stored: another form of the same number under the variants; another number under the faults. */
export function storedPhone(env: RmEnv, phone: string): string {
  const number = parsed(phone);
  if (number === null) return phone;
  if (on(env.behaviour, 'rm.variant.phone-e164')) return number.number;
  if (on(env.behaviour, 'rm.variant.phone-international')) return number.formatInternational();
  if (on(env.behaviour, 'rm.variant.phone-national')) return number.formatNational();
  // The digit-changed fault keeps the last seven digits and changes the digit before them (a bad area-code table).
  if (on(env.behaviour, 'rm.candidates.create.phone-digit-changed')) {
    const digits = [...phone].map((c, i) => (/\d/.test(c) ? i : -1)).filter((i) => i >= 0);
    const at = digits[digits.length - 8];
    if (at !== undefined) return `${phone.slice(0, at)}${(Number(phone[at]) + 1) % 10}${phone.slice(at + 1)}`;
  }
  // The country-swapped fault keeps the national number under another country code (a default region applied wrongly).
  if (on(env.behaviour, 'rm.candidates.create.phone-country-swapped'))
    return `+${number.countryCallingCode === '1' ? '44' : '1'}${number.nationalNumber}`;
  return phone;
}
