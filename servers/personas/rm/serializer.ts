// Serializer-like reading of request attributes, as Django REST framework fields do it (frameworks persona): every
// field is checked and all problems are answered at once as a field dictionary; strings are trimmed, numbers coerced
// to strings, null refused, length bounds applied; free text is HTML-escaped and tag-like values stripped of markup
// before they are stored. The document gives no length bounds and no sanitising rule (part 8: field length bounds not
// shown), so each bound here is the persona's; the statuses stay the document's (422, part 7).
import { type Obj, isObj, pyType } from './body';
import { type FieldErrors, HttpError } from './errors';
import { isEmail, isIsoDate, pythonBase64 } from './formats';

export const REQUIRED = 'This field is required.';
const NOT_NULL = 'This field may not be null.';
const BLANK = 'This field may not be blank.';

/** Collects DRF-style errors; `done()` throws 422 with every field's messages when there are any. */
export class Errors {
  readonly fields: FieldErrors = {};

  add(path: readonly string[], message: string): void {
    let node: FieldErrors = this.fields;
    for (const key of path.slice(0, -1)) {
      const next = node[key];
      if (next === undefined || Array.isArray(next)) {
        const fresh: FieldErrors = {};
        node[key] = fresh;
        node = fresh;
      } else {
        node = next;
      }
    }
    const last = path[path.length - 1] ?? 'non_field_errors';
    const list = node[last];
    if (Array.isArray(list)) list.push(message);
    else node[last] = [message];
  }

  get empty(): boolean {
    return Object.keys(this.fields).length === 0;
  }

  done(): void {
    if (this.empty) return;
    const first = Object.entries(this.fields)[0];
    throw new HttpError(422, `validation failed: ${first ? first[0] : 'request'}`, undefined, {}, { fields: this.fields });
  }
}

export type Sanitise = 'escape' | 'strip' | 'filename' | 'none';

export interface CharOptions {
  required?: boolean;
  maxLength?: number;
  allowBlank?: boolean;
  /** a model column that takes NULL (DRF allow_null) */
  allowNull?: boolean;
  sanitise?: Sanitise;
  pattern?: { re: RegExp; message: string };
}

/** `<`, `>`, `&`, `"` as HTML entities (what a human-facing system stores for names shown in pages). */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Rails' strip_tags: markup removed, text kept. */
export function stripTags(value: string): string {
  return value
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/?[a-zA-Z][^>]*>/g, '')
    .replace(/[<>]/g, '')
    .trim();
}

/** Django's get_valid_filename over the base name: spaces to underscores, then only `-`, word characters and `.`. */
export function validFilename(value: string): string {
  const base = value.split(/[\\/]/).pop() ?? '';
  return base
    .trim()
    .replace(/ /g, '_')
    .replace(/[^-\w.]/gu, '');
}

function sanitise(value: string, how: Sanitise | undefined): string {
  if (how === 'escape') return escapeHtml(value);
  if (how === 'strip') return stripTags(value);
  if (how === 'filename') return validFilename(value);
  return value;
}

/**
 * DRF CharField: undefined when absent and optional; null only where the column takes NULL. Markup is stripped (tags)
 * before the blank check, escaping is applied after the length check (the serializer judges what was sent).
 */
export function charField(
  source: Obj,
  key: string,
  errors: Errors,
  opts: CharOptions = {},
  path: readonly string[] = [key],
): string | null | undefined {
  const v = source[key];
  if (v === undefined) {
    if (opts.required) errors.add(path, REQUIRED);
    return undefined;
  }
  if (v === null) {
    if (opts.allowNull) return null;
    errors.add(path, NOT_NULL);
    return undefined;
  }
  if (typeof v !== 'string' && !(typeof v === 'number' && Number.isFinite(v))) {
    errors.add(path, 'Not a valid string.');
    return undefined;
  }
  let text = String(v).trim();
  if (opts.sanitise === 'strip' || opts.sanitise === 'filename') text = sanitise(text, opts.sanitise);
  if (opts.sanitise === 'filename' && String(v).trim() !== '' && ['', '.', '..'].includes(text)) {
    errors.add(path, `Could not derive file name from '${String(v)}'.`);
    return undefined;
  }
  if (text === '') {
    if (!opts.allowBlank) {
      errors.add(path, BLANK);
      return undefined;
    }
  }
  if (opts.maxLength !== undefined && text.length > opts.maxLength) {
    errors.add(path, `Ensure this field has no more than ${opts.maxLength} characters.`);
    return undefined;
  }
  if (opts.pattern && text !== '' && !opts.pattern.re.test(text)) {
    errors.add(path, opts.pattern.message);
    return undefined;
  }
  return opts.sanitise === 'escape' ? escapeHtml(text) : text;
}

/** DRF EmailField (max 254, Django's EmailValidator). */
export function emailField(source: Obj, key: string, errors: Errors): string | undefined {
  const text = charField(source, key, errors, { required: true, maxLength: 254 });
  if (typeof text !== 'string') return undefined;
  if (!isEmail(text, 'django')) {
    errors.add([key], 'Enter a valid email address.');
    return undefined;
  }
  return text;
}

/** DRF ListField(child=CharField): item errors keyed by index. */
export function stringList(source: Obj, key: string, errors: Errors, child: CharOptions): string[] | undefined {
  const v = source[key];
  if (v === undefined) return undefined;
  if (v === null) {
    errors.add([key], NOT_NULL);
    return undefined;
  }
  if (!Array.isArray(v)) {
    errors.add([key], `Expected a list of items but got type "${pyType(v)}".`);
    return undefined;
  }
  const out: string[] = [];
  const items: Obj = Object.fromEntries(v.map((item, i) => [String(i), item as unknown]));
  v.forEach((_, i) => {
    const text = charField(items, String(i), errors, child, [key, String(i)]);
    if (typeof text === 'string') out.push(text);
  });
  return out;
}

/** DRF DateField (ISO 8601 input only, as Django's parse_date reads it); null allowed (a nullable date column). */
export function dateField(source: Obj, key: string, errors: Errors): string | null | undefined {
  const v = source[key];
  if (v === undefined || v === null) return v;
  if (typeof v !== 'string' || !isIsoDate(v.trim(), true)) {
    errors.add([key], 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.');
    return undefined;
  }
  const [y, m, d] = v.trim().split('-');
  return `${y ?? ''}-${(m ?? '').padStart(2, '0')}-${(d ?? '').padStart(2, '0')}`;
}

const TRUE_VALUES: readonly unknown[] = ['t', 'T', 'y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON', '1', 1, true];
const FALSE_VALUES: readonly unknown[] = [
  'f',
  'F',
  'n',
  'N',
  'no',
  'No',
  'NO',
  'false',
  'False',
  'FALSE',
  'off',
  'Off',
  'OFF',
  '0',
  0,
  false,
];

/** DRF BooleanField. */
export function booleanField(source: Obj, key: string, errors: Errors, path: readonly string[] = [key]): boolean | undefined {
  const v = source[key];
  if (v === undefined) return undefined;
  if (TRUE_VALUES.includes(v)) return true;
  if (FALSE_VALUES.includes(v)) return false;
  errors.add(path, v === null ? NOT_NULL : 'Must be a valid boolean.');
  return undefined;
}

/** A nested serializer (school, company): the object, or a DRF error under `non_field_errors`. */
export function nestedObject(source: Obj, key: string, errors: Errors): Obj | undefined {
  const v = source[key];
  if (v === undefined) {
    errors.add([key], REQUIRED);
    return undefined;
  }
  if (v === null) {
    errors.add([key], NOT_NULL);
    return undefined;
  }
  if (!isObj(v)) {
    errors.add([key, 'non_field_errors'], `Invalid data. Expected a dictionary, but got ${pyType(v)}.`);
    return undefined;
  }
  return v;
}

/** drf-extra-fields Base64FileField: the decoded bytes, or the field's error. */
export function base64File(source: Obj, key: string, errors: Errors, maxBytes: number): Buffer | undefined {
  const v = source[key];
  if (v === undefined || v === '') {
    errors.add([key], v === undefined ? REQUIRED : 'The submitted file is empty.');
    return undefined;
  }
  if (typeof v !== 'string') {
    errors.add([key], v === null ? NOT_NULL : 'Please upload a valid file.');
    return undefined;
  }
  const bytes = pythonBase64(v);
  if (bytes === null) {
    errors.add([key], 'Please upload a valid file.');
    return undefined;
  }
  if (bytes.length === 0) {
    errors.add([key], 'The submitted file is empty.');
    return undefined;
  }
  if (bytes.length > maxBytes) {
    errors.add([key], `Ensure this file is not larger than ${(maxBytes / 1_048_576).toFixed(1)} MB.`);
    return undefined;
  }
  return bytes;
}

/** Phone numbers: digits with the usual separators and an optional extension, at most 30 characters. */
export const PHONE = {
  re: /^(?=.*\d)[+0-9 ().\-/]+(?:\s*(?:x|ext\.?)\s*\d{1,6})?$/i,
  message: 'Enter a valid phone number.',
};

/** Tag names: at most 255 characters, markup stripped, not blank. */
export const TAG: CharOptions = { maxLength: 255, sanitise: 'strip' };
