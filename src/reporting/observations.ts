/**
 * Observations: what the target did where the documents are silent (error body shapes, page
 * sizes, HR write statuses, content types, ...). Recorded, reported, never failed.
 */
import type { TestInfo } from '@playwright/test';

export type ObservationCategory =
  | 'status'
  | 'error-body'
  | 'content-type'
  | 'pagination'
  | 'response-shape'
  | 'headers'
  | 'timing'
  | 'token'
  | 'untestable'
  | 'other';

export interface Observation {
  category: ObservationCategory;
  subject: string;
  value: string;
}

export const OBSERVATION_ANNOTATION = 'observation';

export function recordObservation(testInfo: TestInfo, category: ObservationCategory, subject: string, value: string): void {
  const observation: Observation = { category, subject, value };
  testInfo.annotations.push({ type: OBSERVATION_ANNOTATION, description: JSON.stringify(observation) });
}

export function parseObservation(description: string | undefined): Observation | null {
  if (!description) return null;
  try {
    const value = JSON.parse(description) as Partial<Observation>;
    return typeof value.subject === 'string' && typeof value.value === 'string' && typeof value.category === 'string' ? (value as Observation) : null;
  } catch {
    return null;
  }
}

/** Shape of a JSON error body in a few words, e.g. "object {errors[]}" or "text/html". */
export function bodyShape(text: string): string {
  if (text.trim() === '') return 'empty';
  try {
    const value = JSON.parse(text) as unknown;
    if (Array.isArray(value)) return 'array';
    if (value && typeof value === 'object') {
      return `object {${Object.entries(value as Record<string, unknown>).map(([k, v]) => (Array.isArray(v) ? `${k}[]` : k)).sort().join(', ')}}`;
    }
    return typeof value;
  } catch {
    return 'not JSON';
  }
}
