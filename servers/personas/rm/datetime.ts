// DateTime objects (part 2 "DateTime object (used by every timestamp attribute)": utc, epoch, ago, local, local_epoch).
import type { Choices } from './choices';
import type { Json, Stamp } from './model';

/** The account's time zone, used for `local` and `local_epoch` (the document does not say which zone). */
export const ACCOUNT_TIME_ZONE = 'America/New_York';

const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: ACCOUNT_TIME_ZONE, timeZoneName: 'longOffset' });

/** An RFC 3339 UTC string in whole seconds, milliseconds, or microseconds (`sub`: the microseconds beyond the millisecond). */
export function utcString(ms: number, precision: 's' | 'ms' | 'us', sub = 0): string {
  const iso = new Date(precision === 's' ? Math.floor(ms / 1000) * 1000 : ms).toISOString();
  if (precision === 's') return iso.replace(/\.\d{3}Z$/, 'Z');
  return precision === 'us' ? iso.replace(/Z$/, `${String(sub).padStart(3, '0')}Z`) : iso;
}

export function dateTimeObject(stamp: Stamp, now: number, choices: Choices): Json {
  const ms = stamp.ms;
  const epoch = Math.floor(ms / 1000);
  const utc = utcString(ms, choices.utcPrecision, stamp.sub);
  if (!choices.fullDateTime) return { utc, epoch };
  const offset = offsetMinutes(ms);
  const ago = choices.agoStyle === 'django' ? naturaltime(ms, now) : agoText(ms, now);
  const local =
    choices.utcPrecision === 'us'
      ? localString(ms, offset).replace(/^(.{19})/, `$1.${new Date(ms).toISOString().slice(20, 23)}${String(stamp.sub).padStart(3, '0')}`)
      : localString(epoch * 1000, offset);
  return { utc, epoch, ago, local, local_epoch: epoch + offset * 60 };
}

function offsetMinutes(ms: number): number {
  const name = offsetFormat.formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!m) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === '-' ? -minutes : minutes;
}

function localString(ms: number, offset: number): string {
  const shifted = new Date(ms + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${shifted}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

function agoText(ms: number, now: number): string {
  const seconds = Math.round(Math.abs(now - ms) / 1000);
  const future = ms > now;
  const minutes = Math.round(seconds / 60);
  const hours = Math.round(minutes / 60);
  const days = Math.round(hours / 24);
  let words: string;
  if (seconds < 45) words = 'less than a minute';
  else if (minutes < 45) words = plural(minutes, 'minute');
  else if (hours < 24) words = `about ${plural(hours, 'hour')}`;
  else if (days < 30) words = plural(days, 'day');
  else if (days < 365) words = plural(Math.round(days / 30), 'month');
  else words = `about ${plural(Math.round(days / 365), 'year')}`;
  return future ? `in ${words}` : `${words} ago`;
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

const DJANGO_UNITS: readonly [number, string][] = [
  [365 * 86_400, 'year'],
  [30 * 86_400, 'month'],
  [7 * 86_400, 'week'],
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'minute'],
];

/** Django's `timesince`: the largest unit and, when not zero, the adjacent one ("2 days, 3 hours"). */
function timesince(seconds: number): string {
  for (let i = 0; i < DJANGO_UNITS.length; i += 1) {
    const [size, name] = DJANGO_UNITS[i] ?? [60, 'minute'];
    const count = Math.floor(seconds / size);
    if (count === 0) continue;
    const first = plural(count, name);
    const next = DJANGO_UNITS[i + 1];
    if (next === undefined) return first;
    const rest = Math.floor((seconds - count * size) / next[0]);
    return rest === 0 ? first : `${first}, ${plural(rest, next[1])}`;
  }
  return '0 minutes';
}

/** Django's `naturaltime` (django.contrib.humanize): "now", "30 seconds ago", "an hour ago", "2 days, 3 hours ago", "in ...". */
function naturaltime(ms: number, now: number): string {
  const seconds = Math.floor(Math.abs(now - ms) / 1000);
  const future = ms > now;
  if (seconds === 0) return 'now';
  let words: string;
  if (seconds < 60) words = seconds === 1 ? 'a second' : `${seconds} seconds`;
  else if (seconds < 3600) words = seconds < 120 ? 'a minute' : `${Math.floor(seconds / 60)} minutes`;
  else if (seconds < 86_400) words = seconds < 7200 ? 'an hour' : `${Math.floor(seconds / 3600)} hours`;
  else words = timesince(seconds);
  return future ? `${words} from now` : `${words} ago`;
}
