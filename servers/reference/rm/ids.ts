/**
 * Record ids and uids. Ids are readable and sequential per kind ("10001", "evt-000001") unless the
 * uuid-ids variant asks for UUIDs; tagging ids are UUIDs always (000 §4: "tagId is the tag UUID").
 * Everything is derived from counters, so the starting records are the same on every start.
 */
import { createHash } from 'node:crypto';

export type IdKind =
  | 'candidate'
  | 'event'
  | 'message'
  | 'note'
  | 'tagging'
  | 'file'
  | 'education'
  | 'employment'
  | 'job'
  | 'application'
  | 'recruitment-event'
  | 'subscription'
  | 'list';

const PREFIX: Record<Exclude<IdKind, 'candidate' | 'tagging'>, string> = {
  event: 'evt',
  message: 'msg',
  note: 'note',
  file: 'file',
  education: 'edu',
  employment: 'emp',
  job: 'job',
  application: 'ja',
  'recruitment-event': 're',
  subscription: 'sub',
  list: 'list',
};

/** A name-based UUID (version 5 layout over SHA-1), stable for the same name. */
export function uuidFrom(name: string): string {
  const h = createHash('sha1').update(name).digest();
  h[6] = ((h[6] ?? 0) & 0x0f) | 0x50;
  h[8] = ((h[8] ?? 0) & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** An alphanumeric uid (000 §2: "randomly generated, alphanumeric, unique"), stable for the same name. */
export function uidFrom(name: string): string {
  return createHash('sha1').update(`uid:${name}`).digest('hex').slice(0, 16);
}

export class IdFactory {
  private readonly counters = new Map<IdKind, number>();

  constructor(private readonly uuids: boolean) {}

  next(kind: IdKind): string {
    const n = (this.counters.get(kind) ?? 0) + 1;
    this.counters.set(kind, n);
    if (this.uuids || kind === 'tagging') return uuidFrom(`rm:${kind}:${n}`);
    if (kind === 'candidate') return String(10_000 + n);
    return `${PREFIX[kind]}-${String(n).padStart(6, '0')}`;
  }
}
