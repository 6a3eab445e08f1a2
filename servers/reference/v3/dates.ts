/** Dates of 001 §2: "ISO-8601 (YYYY-MM-DD or YYYYMMDD); any time part sent in a date field is ignored". */

const EXTENDED = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/s;
const BASIC = /^(\d{4})(\d{2})(\d{2})(?:[T ].*)?$/s;

/** The calendar date as YYYY-MM-DD, or null when `text` is not a date of either form (or no such day). */
export function normalizeDate(text: string): string | null {
  const m = EXTENDED.exec(text) ?? BASIC.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(Date.UTC(y, mo - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d) return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}
