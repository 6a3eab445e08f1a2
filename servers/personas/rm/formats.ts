// Value formats the document names: e-mail (part 4 POST /candidates), date (part 2 start_date/end_date),
// base64 (POST candidate_files), date-time and `true`/`false` (part 4 Filters). Each has a strict and a lenient reading.
const LOCAL_ATOM = "[a-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[a-z0-9](?:[a-z0-9-]*[a-z0-9])?';
const STRICT_EMAIL = new RegExp(`^${LOCAL_ATOM}(?:\\.${LOCAL_ATOM})*@(?:${LABEL}\\.)+${LABEL}$`, 'i');

export function isEmail(value: string, strict: boolean): boolean {
  if (strict) {
    const at = value.lastIndexOf('@');
    return value.length <= 254 && at > 0 && at <= 64 && STRICT_EMAIL.test(value);
  }
  const at = value.lastIndexOf('@');
  if (at <= 0 || at === value.length - 1) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  const localOk = /^"(?:[^"\\\r\n]|\\.)+"$/.test(local) || /^[^\s@"]+$/.test(local);
  return localOk && /^[^\s@]+$/.test(domain);
}

/** YYYY-MM-DD naming a real calendar day. */
export function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
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

/** `true` / `false`; null when the value is not accepted. */
export function parseBoolean(value: string, strict: boolean): boolean | null {
  if (strict) return value === 'true' ? true : value === 'false' ? false : null;
  const v = value.trim().toLowerCase();
  if (['true', '1', 'yes', 't'].includes(v)) return true;
  if (['false', '0', 'no', 'f'].includes(v)) return false;
  return null;
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;

/** A date-time as epoch milliseconds; null when the value is not accepted. */
export function parseDateTime(value: string, strict: boolean): number | null {
  if (strict) {
    const m = RFC3339.exec(value);
    if (!m || !isIsoDate(`${m[1]}-${m[2]}-${m[3]}`)) return null;
    if (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6]) > 59) return null;
    if (m[7] !== undefined && (Number(m[7]) > 23 || Number(m[8]) > 59)) return null;
    const ms = Date.parse(value.toUpperCase());
    return Number.isNaN(ms) ? null : ms;
  }
  // a `+` sent unencoded in a query string arrives as a space
  const v = value.trim().replace(/(\d)\s(\d{2}:?\d{2})$/, '$1+$2');
  if (/^\d{1,11}$/.test(v)) return Number(v) * 1000;
  if (/^\d{12,}$/.test(v)) return Number(v);
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? null : ms;
}
