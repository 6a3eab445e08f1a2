// DateTime objects (part 2 "DateTime object (used by every timestamp attribute)": utc, epoch, ago, local, local_epoch).
import type { Choices } from './choices';
import type { Json } from './model';

/** The account's time zone, used for `local` and `local_epoch` (the document does not say which zone). */
export const ACCOUNT_TIME_ZONE = 'America/New_York';

const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: ACCOUNT_TIME_ZONE, timeZoneName: 'longOffset' });

export function utcString(ms: number, withMillis: boolean): string {
  const iso = new Date(withMillis ? ms : Math.floor(ms / 1000) * 1000).toISOString();
  return withMillis ? iso : iso.replace(/\.\d{3}Z$/, 'Z');
}

export function dateTimeObject(ms: number, now: number, choices: Choices): Json {
  const epoch = Math.floor(ms / 1000);
  const utc = utcString(ms, choices.utcMillis);
  if (!choices.fullDateTime) return { utc, epoch };
  const offset = offsetMinutes(ms);
  return { utc, epoch, ago: agoText(ms, now), local: localString(epoch * 1000, offset), local_epoch: epoch + offset * 60 };
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
