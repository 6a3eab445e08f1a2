/**
 * The instant a DateTime object shows (000 §2 DateTime object: utc "string, date-time", epoch
 * "integer (int64)", local "string, date-time", local_epoch "integer (int64)"), and the precision it
 * shows it at. schemas/DECISIONS.md D5 and D75: read `utc`; where it is null or absent, `epoch` (whole
 * seconds); else `local` where it carries a UTC offset (then it names one instant). `local_epoch`
 * alone never determines the instant: it reads as the instant's epoch or as the local wall clock's,
 * and 000 gives no zone to tell them apart. A DateTime that shows the instant no way at all gives null.
 */

/** An instant as a record shows it: `at` in milliseconds (fractions kept), `unit` the precision shown (ms), and where it was read. */
export interface ShownInstant {
  readonly at: number;
  readonly unit: number;
  readonly from: 'utc' | 'epoch' | 'local';
  /** As people read it (the string shown, or the epoch). */
  readonly text: string;
}

const RFC3339 = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}:\d{2})(\.\d+)?(Z|z|[+-]\d{2}:?\d{2})$/;

/** A date-time string with an offset as milliseconds (sub-millisecond digits kept as a fraction) and its precision; null without an offset or unparsable. */
export function instantOfText(text: string): { at: number; unit: number } | null {
  const m = RFC3339.exec(text.trim());
  if (!m?.[1] || !m[2] || !m[4]) return null;
  const zone = /^[+-]\d{4}$/.test(m[4]) ? `${m[4].slice(0, 3)}:${m[4].slice(3)}` : m[4].toUpperCase();
  const whole = Date.parse(`${m[1]}T${m[2]}${zone}`);
  if (Number.isNaN(whole)) return null;
  const digits = (m[3] ?? '.').slice(1);
  const fraction = digits === '' ? 0 : Number(`0.${digits}`) * 1000;
  return { at: whole + fraction, unit: 10 ** (3 - digits.length) };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The instant a DateTime value shows (see the file comment), or null. */
export function shownInstant(value: unknown): ShownInstant | null {
  if (!isObject(value)) return null;
  if (typeof value.utc === 'string') {
    const read = instantOfText(value.utc);
    if (read) return { ...read, from: 'utc', text: value.utc };
  }
  if (typeof value.epoch === 'number' && Number.isInteger(value.epoch))
    return { at: value.epoch * 1000, unit: 1000, from: 'epoch', text: `epoch ${value.epoch}` };
  if (typeof value.local === 'string') {
    const read = instantOfText(value.local);
    if (read) return { ...read, from: 'local', text: `local ${value.local}` };
  }
  return null;
}

/** The shown instant as an RFC 3339 UTC string (milliseconds; a finer instant rounded up so it is not before it). */
export function instantText(instant: ShownInstant): string {
  return instant.from === 'utc' ? instant.text : new Date(Math.ceil(instant.at)).toISOString();
}
