/**
 * The run's notice board of "slow down" signals, shared by its worker processes through one small
 * file per target (an API's base address): when a target answers 429 (or 503 with Retry-After) to one worker, every
 * worker pauses until the time it asked for and lowers its own rate (src/http/limiter.ts). A signal
 * is `{ id, pauseUntil }` (wall-clock ms); a new id is a new signal. Written whole and renamed into
 * place, so a reader never sees half a file; a lost race between two writers loses one signal of a
 * burst, not the slowing down.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ThrottleSignal {
  id: string;
  /** Wall-clock time (ms since the epoch) before which no request should start. */
  pauseUntil: number;
}

export class ThrottleBoard {
  constructor(private readonly dir: string) {}

  private file(key: string): string {
    return join(this.dir, `${createHash('sha1').update(key).digest('hex').slice(0, 16)}.json`);
  }

  /** Posts a signal for `key` (a target: an API's base address); returns its id. */
  post(key: string, pauseUntil: number): string {
    const signal: ThrottleSignal = { id: randomBytes(6).toString('hex'), pauseUntil };
    try {
      mkdirSync(this.dir, { recursive: true });
      const file = this.file(key);
      const tmp = `${file}.${process.pid}.${signal.id}`;
      writeFileSync(tmp, JSON.stringify(signal));
      renameSync(tmp, file);
    } catch {
      // The board is a courtesy to the other workers: this worker slows down whatever happens here.
    }
    return signal.id;
  }

  /** The latest signal for `key`, or null. */
  read(key: string): ThrottleSignal | null {
    try {
      const value = JSON.parse(readFileSync(this.file(key), 'utf8')) as Partial<ThrottleSignal>;
      return typeof value.id === 'string' && typeof value.pauseUntil === 'number' ? { id: value.id, pauseUntil: value.pauseUntil } : null;
    } catch {
      return null;
    }
  }
}
