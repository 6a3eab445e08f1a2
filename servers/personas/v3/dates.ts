/**
 * Date fields: ISO-8601 calendar dates in extended (YYYY-MM-DD) or basic (YYYYMMDD) form; a time part after the
 * date is ignored. Document part 2: "Dates are ISO-8601 (`YYYY-MM-DD` or `YYYYMMDD`); any time part sent in a
 * date field is ignored."
 */
const EXTENDED = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/s;
const BASIC = /^(\d{4})(\d{2})(\d{2})(?:[T ].*)?$/s;
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 && leap ? 29 : (DAYS[month - 1] ?? 0);
}

export function isIsoDate(text: string): boolean {
  const match = EXTENDED.exec(text) ?? BASIC.exec(text);
  if (match === null) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}
