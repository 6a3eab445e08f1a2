// Value formats the document names: e-mail (part 4 POST /candidates), date (part 2 start_date/end_date),
// base64 (POST candidate_files), date-time and `true`/`false` (part 4 Filters). Each has a lenient, a strict and a
// frameworks (Django / Python) reading, and for the alternate persona Ruby's base64 and RFC 3339 to the microsecond.
const LOCAL_ATOM = "[a-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[a-z0-9](?:[a-z0-9-]*[a-z0-9])?';
const STRICT_EMAIL = new RegExp(`^${LOCAL_ATOM}(?:\\.${LOCAL_ATOM})*@(?:${LABEL}\\.)+${LABEL}$`, 'i');
/** Django's EmailValidator: dot-atom or quoted user part; a dotted domain with an alphabetic TLD, a literal, or `localhost`. */
const DJANGO_USER = /^(?:[-!#$%&'*+/=?^_`{}|~0-9a-z]+(?:\.[-!#$%&'*+/=?^_`{}|~0-9a-z]+)*|"(?:[^"\\\r\n]|\\.)*")$/i;
const DJANGO_DOMAIN = /^(?:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}|localhost|\[[0-9a-f:.]+\])$/i;

export function isEmail(value: string, mode: 'loose' | 'strict' | 'django'): boolean {
  const at = value.lastIndexOf('@');
  if (mode === 'strict') return value.length <= 254 && at > 0 && at <= 64 && STRICT_EMAIL.test(value);
  if (mode === 'django') {
    if (at <= 0 || value.length > 320) return false;
    return DJANGO_USER.test(value.slice(0, at)) && DJANGO_DOMAIN.test(value.slice(at + 1));
  }
  if (at <= 0 || at === value.length - 1) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  const localOk = /^"(?:[^"\\\r\n]|\\.)+"$/.test(local) || /^[^\s@"]+$/.test(local);
  return localOk && /^[^\s@]+$/.test(domain);
}

/** YYYY-MM-DD naming a real calendar day (`loose`: Django's parse_date also takes one-digit months and days). */
export function isIsoDate(value: string, loose = false): boolean {
  const m = (loose ? /^(\d{4})-(\d{1,2})-(\d{1,2})$/ : /^(\d{4})-(\d{2})-(\d{2})$/).exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

export function isBase64(value: string, canonical: boolean): boolean {
  if (canonical) {
    return value.length > 0 && /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(value);
  }
  const compact = value.replace(/\s+/g, '');
  return /^[A-Za-z0-9+/_-]*={0,2}$/.test(compact) && compact.replace(/=+$/, '').length % 4 !== 1;
}

/**
 * drf-extra-fields' Base64FileField: a `data:...;base64,` prefix is dropped, then Python's non-validating
 * `base64.b64decode` (characters outside the alphabet discarded, padding required). null when it raises.
 */
export function pythonBase64(value: string): Buffer | null {
  const marker = value.indexOf(';base64,');
  const payload = marker >= 0 ? value.slice(marker + ';base64,'.length) : value;
  const kept = payload.replace(/[^A-Za-z0-9+/=]/g, '');
  const data = kept.replace(/=/g, '');
  const padding = kept.length - data.length;
  const rest = data.length % 4;
  if (rest === 1) return null;
  if (rest !== 0 && padding < 4 - rest) return null;
  return Buffer.from(data, 'base64');
}

/**
 * Ruby's `Base64.decode64` (`String#unpack1("m")`): characters outside the alphabet are skipped, decoding stops at the
 * first `=`, a trailing lone character is dropped; it never raises.
 */
export function rubyBase64(value: string): Buffer {
  const kept = value.split('=')[0]?.replace(/[^A-Za-z0-9+/]/g, '') ?? '';
  return Buffer.from(kept.slice(0, kept.length - (kept.length % 4 === 1 ? 1 : 0)), 'base64');
}

/** `true` / `false`; null when the value is not accepted. */
export function parseBoolean(value: string, mode: 'loose' | 'strict' | 'django'): boolean | null {
  if (mode === 'strict') return value === 'true' ? true : value === 'false' ? false : null;
  if (mode === 'django') return ['true', 'True', '1'].includes(value) ? true : ['false', 'False', '0'].includes(value) ? false : null;
  const v = value.trim().toLowerCase();
  if (['true', '1', 'yes', 't'].includes(v)) return true;
  if (['false', '0', 'no', 'f'].includes(v)) return false;
  return null;
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;
/** django.utils.dateparse.datetime_re (seconds optional, up to 6 fraction digits kept, more ignored). */
const DJANGO_DATETIME =
  /^(\d{4})-(\d{1,2})-(\d{1,2})[T ](\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:[.,](\d{1,6})\d{0,6})?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/;

/** A date-time as epoch microseconds; null when the value is not accepted. */
export function parseDateTime(value: string, mode: 'loose' | 'rfc3339' | 'rfc3339-us' | 'django'): number | null {
  if (mode === 'rfc3339' || mode === 'rfc3339-us') {
    const m = RFC3339.exec(value);
    if (!m || !isIsoDate(`${m[1]}-${m[2]}-${m[3]}`)) return null;
    if (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6]) > 59) return null;
    if (m[7] !== undefined && (Number(m[7]) > 23 || Number(m[8]) > 59)) return null;
    const ms = Date.parse(value.toUpperCase());
    if (Number.isNaN(ms)) return null;
    if (mode === 'rfc3339') return ms * 1000;
    // the fraction's digits after the millisecond, kept to the microsecond (more are cut)
    const fraction = /\.(\d+)/.exec(value.slice(19))?.[1] ?? '';
    return ms * 1000 + Number(fraction.slice(3, 6).padEnd(3, '0'));
  }
  if (mode === 'django') return djangoDateTime(value);
  // a `+` sent unencoded in a query string arrives as a space
  const v = value.trim().replace(/(\d)\s(\d{2}:?\d{2})$/, '$1+$2');
  if (/^\d{1,11}$/.test(v)) return Number(v) * 1_000_000;
  if (/^\d{12,}$/.test(v)) return Number(v) * 1000;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? null : ms * 1000;
}

/** Django's IsoDateTimeField: parse_datetime, or a date alone (midnight); no zone means UTC (TIME_ZONE = 'UTC'). */
function djangoDateTime(value: string): number | null {
  if (isIsoDate(value, true)) {
    const [y, mo, d] = value.split('-').map(Number);
    return Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1) * 1000;
  }
  const m = DJANGO_DATETIME.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [number, number, number, number, number];
  const second = Number(m[6] ?? 0);
  if (!isIsoDate(`${m[1] ?? ''}-${m[2] ?? ''}-${m[3] ?? ''}`, true) || hour > 23 || minute > 59 || second > 59) return null;
  let offsetMinutes = 0;
  const tz = m[8];
  if (tz !== undefined && tz !== 'Z') {
    const digits = tz.slice(1).replace(':', '');
    const hh = Number(digits.slice(0, 2));
    const mm = Number(digits.slice(2) || '0');
    if (hh > 23 || mm > 59) return null;
    offsetMinutes = (tz.startsWith('-') ? -1 : 1) * (hh * 60 + mm);
  }
  const micro = Number((m[7] ?? '').padEnd(6, '0'));
  const ms = Date.UTC(year, month - 1, day, hour, minute, second) - offsetMinutes * 60_000;
  return ms * 1000 + micro;
}
