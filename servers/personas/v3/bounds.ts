/**
 * Bean Validation bounds of the frameworks persona where the document gives none ("Rate limits, payload size limits
 * and field length bounds: not shown"): every string at most 255 characters (JPA's default column length), names
 * at most 100, initials 10, phone numbers 30, an e-mail format, an ISO 3166 country code, `0 < fte <= 1.5`,
 * `0 <= baseHours <= 168`, a positive learning duration, costs of zero or more. Messages are Hibernate Validator's defaults.
 * Document part 2 (field tables), part 8.
 */
import { problem, type Problem } from './errors';
import { isJsonObject, type JsonValue } from './json';

export interface Bound {
  readonly maxLength?: number;
  readonly email?: boolean;
  readonly pattern?: RegExp;
  /** Lower bound; `exclusive` for @DecimalMin(inclusive = false). */
  readonly min?: { readonly value: number; readonly exclusive: boolean };
  readonly max?: number;
}

/** Bounds by dotted field path (array indexes left out). */
export type Bounds = Readonly<Record<string, Bound>>;

export const DEFAULT_MAX_LENGTH = 255;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

export const EMPLOYEE_BOUNDS: Bounds = {
  title: { maxLength: 100 },
  firstName: { maxLength: 100 },
  lastName: { maxLength: 100 },
  initials: { maxLength: 10 },
  email: { maxLength: 254, email: true },
  homePhone: { maxLength: 30 },
  workPhone: { maxLength: 30 },
  mobilePhone: { maxLength: 30 },
  'location.postCode': { maxLength: 20 },
  'location.state': { maxLength: 100 },
  'location.countryCode': { pattern: /^[A-Z]{2,3}$/ },
  'ineligibleForPerformanceReview.ineligibilityReason': { maxLength: 1000 },
};

export const POSITION_BOUNDS: Bounds = {
  fte: { min: { value: 0, exclusive: true }, max: 1.5 },
  baseHours: { min: { value: 0, exclusive: false }, max: 168 },
};

export const LEARNING_BOUNDS: Bounds = {
  title: { maxLength: 255 },
  description: { maxLength: 4000 },
  code: { maxLength: 50 },
  'content.text': { maxLength: 100_000 },
  'content.url': { maxLength: 2048 },
  'duration.duration': { min: { value: 0, exclusive: true } },
  'costs.attendenceCost': { min: { value: 0, exclusive: false } },
  'costs.cancellationCost': { min: { value: 0, exclusive: false } },
  'costs.otherCost': { min: { value: 0, exclusive: false } },
};

function check(path: string, value: JsonValue, bounds: Bounds): Problem[] {
  const bound = bounds[path] ?? {};
  const problems: Problem[] = [];
  if (typeof value === 'string') {
    const max = bound.maxLength ?? DEFAULT_MAX_LENGTH;
    if (value.length > max) problems.push(problem(path, `${path}: size must be between 0 and ${max}`));
    if (bound.email && !EMAIL.test(value)) problems.push(problem(path, `${path}: must be a well-formed email address`));
    if (bound.pattern && !bound.pattern.test(value)) problems.push(problem(path, `${path}: must match "${bound.pattern.source}"`));
  } else if (typeof value === 'number') {
    const { min, max } = bound;
    if (min !== undefined && (min.exclusive ? value <= min.value : value < min.value)) {
      const words = min.exclusive ? 'greater than' : 'greater than or equal to';
      problems.push(problem(path, `${path}: must be ${words} ${min.value}`));
    }
    if (max !== undefined && value > max) problems.push(problem(path, `${path}: must be less than or equal to ${max}`));
  }
  return problems;
}

/** Every bound the (already type-checked and normalised) body breaks. */
export function boundProblems(value: JsonValue, bounds: Bounds, path = ''): Problem[] {
  if (Array.isArray(value)) return value.flatMap((item) => boundProblems(item, bounds, path));
  if (isJsonObject(value)) {
    return Object.entries(value).flatMap(([key, item]) => boundProblems(item, bounds, path === '' ? key : `${path}.${key}`));
  }
  return path === '' || value === null ? [] : check(path, value, bounds);
}
