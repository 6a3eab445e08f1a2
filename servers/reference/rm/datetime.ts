/**
 * The DateTime object of 000 §2 ({utc, epoch, ago, local, local_epoch}), used for every timestamp.
 * "local" is the account's time zone, fixed at UTC-05:00 here. By default utc strings carry
 * milliseconds and "Z" (the stored precision); variants write whole seconds, or a +01:00 offset.
 */
export interface DateTimeObject {
  utc: string;
  epoch: number;
  ago: string;
  local: string;
  local_epoch: number;
}

const LOCAL_OFFSET_MIN = -300;
const VARIANT_UTC_OFFSET_MIN = 60;

/** ISO 8601 for the instant `ms` written at `offsetMin` from UTC ("Z" when zero and no fraction wanted). */
export function isoAt(ms: number, offsetMin: number, fraction: boolean): string {
  const shifted = new Date(ms + offsetMin * 60_000).toISOString();
  const body = fraction ? shifted.slice(0, 23) : shifted.slice(0, 19);
  if (offsetMin === 0) return `${body}Z`;
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  return `${body}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export function ago(ms: number, now: number): string {
  const diff = now - ms;
  const future = diff < 0;
  const s = Math.abs(diff) / 1000;
  const [n, unit] =
    s < 60
      ? [Math.floor(s), 'second']
      : s < 3600
        ? [Math.floor(s / 60), 'minute']
        : s < 86_400
          ? [Math.floor(s / 3600), 'hour']
          : s < 86_400 * 365
            ? [Math.floor(s / 86_400), 'day']
            : [Math.floor(s / (86_400 * 365)), 'year'];
  if (n === 0 && unit === 'second') return 'just now';
  const text = `${n} ${unit}${n === 1 ? '' : 's'}`;
  return future ? `in ${text}` : `${text} ago`;
}

export type TimestampStyle = 'millis' | 'seconds' | 'offset';

export function dateTime(ms: number, now: number, style: TimestampStyle): DateTimeObject {
  const epoch = Math.floor(ms / 1000);
  const fraction = style !== 'seconds';
  return {
    utc: isoAt(ms, style === 'offset' ? VARIANT_UTC_OFFSET_MIN : 0, fraction),
    epoch,
    ago: ago(ms, now),
    local: isoAt(ms, LOCAL_OFFSET_MIN, fraction),
    local_epoch: epoch + LOCAL_OFFSET_MIN * 60,
  };
}
