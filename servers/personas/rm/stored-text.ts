// How a candidate's names, e-mail address and phone number are stored (part 2 "| name, first_name, last_name | string |",
// "| email, phone_number | string |": no character rule, no format, no promise that a value reads back as sent). The
// lenient, strict and frameworks personas store them as sent; the alternate persona stores names NFC-normalised in a
// Latin-1 column (a name outside Latin-1 is a validation failure, part 7 422), e-mail addresses lower-cased and phone
// numbers in E.164 when libphonenumber reads a valid number (else as sent).
import { createRequire } from 'node:module';
import type * as Phones from 'libphonenumber-js/max';
import type { Choices } from './choices';
import { unprocessable } from './errors';

let phones: typeof Phones | null = null;
const phoneLibrary = (): typeof Phones => (phones ??= createRequire(__filename)('libphonenumber-js/max') as typeof Phones);

/** A character a Latin-1 (ISO 8859-1) column cannot hold, or a C0/C1 control character. */
const NOT_LATIN1 = /[^\u0020-\u007e\u00a0-\u00ff]/u;

/** A first or last name as stored; 422 when the alternate persona's Latin-1 column cannot hold it. */
export function storedName(choices: Choices, attribute: string, name: string): string {
  if (choices.names === 'as-sent') return name;
  const text = name.normalize('NFC');
  if (NOT_LATIN1.test(text)) {
    throw unprocessable(`${attribute} may hold only characters of ISO 8859-1 (Latin-1)`, `/data/attributes/${attribute}`);
  }
  return text;
}

/** An e-mail address as stored, and as filter[email][eq] compares it. */
export function storedEmail(choices: Choices, email: string): string {
  return choices.emailStored === 'lower-cased' ? email.toLowerCase() : email;
}

/** A phone number as stored: the same number in E.164 when libphonenumber reads a valid one (alternate persona). */
export function storedPhone(choices: Choices, phone: string): string {
  if (choices.phoneStored === 'as-sent') return phone;
  try {
    const number = phoneLibrary().parsePhoneNumber(phone);
    return number.isValid() ? number.number : phone;
  } catch {
    return phone;
  }
}
