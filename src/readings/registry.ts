/**
 * The readings registry: every ambiguous sentence the suite has decided (schemas/DECISIONS.md), with
 * its lawful readings. One file per family of sentences under entries/; `npm run readings` lists them.
 */
import type { AnyReadingsEntry } from './types';
import { RM_FILTER_READINGS } from './entries/rm-filters';
import { RM_LIST_READINGS } from './entries/rm-lists';
import { RM_RECORD_READINGS } from './entries/rm-records';
import { RM_DATETIME_READINGS } from './entries/rm-datetime';
import { V3_REFUSAL_READINGS } from './entries/v3-refusals';
import { TOKEN_READINGS } from './entries/token';
import { STORED_TEXT_READINGS } from './entries/stored-text';
import { V3_HR_READINGS } from './entries/v3-hr';
import { V3_LEARNING_READINGS } from './entries/v3-learning';
import { V3_VALIDATION_READINGS } from './entries/v3-validation';

export const READINGS: readonly AnyReadingsEntry[] = Object.freeze([
  ...RM_FILTER_READINGS,
  ...RM_LIST_READINGS,
  ...RM_RECORD_READINGS,
  ...STORED_TEXT_READINGS,
  ...V3_REFUSAL_READINGS,
  ...V3_VALIDATION_READINGS,
  ...V3_HR_READINGS,
  ...V3_LEARNING_READINGS,
  ...TOKEN_READINGS,
  ...RM_DATETIME_READINGS,
]);

const byId = new Map(READINGS.map((e) => [e.id, e]));
if (byId.size !== READINGS.length) throw new Error('readings registry: an entry id is listed twice');

/** The entry with this id, or undefined. */
export function readingsEntry(id: string): AnyReadingsEntry | undefined {
  return byId.get(id);
}
