/** What each API of the reference server provides to the server that mounts it. */
import type { Ctx } from './http-kit';

export interface ApiModule {
  /** Answers one request whose path is already relative to the module's mount point. */
  handle(ctx: Ctx): Promise<void>;
  /** A plain-data view of the state, for tests that inspect what a run left behind. */
  snapshot(): Record<string, unknown>;
}
