/** What the RM route modules share: the environment, the state, the serialisers, and record look-ups that answer 404. */
import type { Router } from '../../http-kit';
import type { RmEnv } from '../env';
import type { Candidate } from '../model';
import { notFound } from '../respond';
import type { Resources } from '../resources';
import type { Store } from '../store';

export interface RmApp {
  env: RmEnv;
  store: Store;
  resources: Resources;
}

export type RouteModule = (router: Router, app: RmApp) => void;

export function candidateOr404(app: RmApp, id: string | undefined): Candidate {
  const candidate = app.store.candidates.get(id ?? '');
  if (!candidate) throw notFound('candidate', id ?? '');
  return candidate;
}

/** Records of `map` named by `ids`, skipping any that vanished. */
export function pick<T>(map: ReadonlyMap<string, T>, ids: readonly string[]): T[] {
  return ids.map((id) => map.get(id)).filter((r): r is T => r !== undefined);
}

export const bySeq = <T extends { seq: number }>(a: T, b: T): number => a.seq - b.seq;
