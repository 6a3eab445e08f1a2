/**
 * The learning checks outside part 7's table: fields required on create, update and archive lifecycle,
 * ids issued at registration, and the value formats the strict persona enforces; then all rules in order.
 * Document part 4 ("create: the service, owner, accessLevel, title required"; learning update rules),
 * part 2 ("the id is issued to the integrator at registration"; "durationPeriod (string; minutes is shown)"),
 * part 3 (learning activity row).
 */
import type { PersonaChoices } from './choices';
import { problem, type Problem } from './errors';
import { readBoolean } from './fields';
import { isJsonObject, type JsonObject, type JsonValue } from './json';
import { PROVIDER_FIELD, REQUIRED_ON_CREATE } from './learning-schema';
import {
  accessLevelProblems,
  aggregateProblems,
  childProblems,
  contentProblems,
  costProblems,
  fieldLevelProblems,
  imageProblems,
  type ActivityWrite,
  type RuleContext,
} from './learning-rules';

function missing(value: JsonValue | undefined, choices: PersonaChoices): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return choices.lifecycle.emptyRequiredIsMissing && value.trim() === '';
  // provider and owner: an object {id}; without its id it names nothing.
  if (isJsonObject(value)) return value.id === undefined || value.id === null;
  return false;
}

function creationProblems(write: ActivityWrite, choices: PersonaChoices): Problem[] {
  if (write.existing !== undefined) return [];
  const service = choices.learning.providerField === 'service';
  return REQUIRED_ON_CREATE.filter((field) => missing(write.body[field], choices)).map((field) => {
    if (field !== PROVIDER_FIELD) return problem(field, `${field} is required`);
    return service
      ? problem('service', 'service (an object {id}) is required')
      : problem(field, 'provider (the service object with its id) is required');
  });
}

function updateProblems(write: ActivityWrite, choices: PersonaChoices): Problem[] {
  const { existing, body } = write;
  if (existing === undefined) return [];
  const problems: Problem[] = [];
  if (Object.keys(body).length === 0 && !choices.learning.allowEmptyUpdate) {
    problems.push(problem('', 'An update must carry at least one field'));
  }
  const archive = readBoolean(body.isArchived);
  if (existing.archived && (archive === false || archive === null) && !choices.lifecycle.allowUnarchive) {
    problems.push(problem('isArchived', 'The activity is archived; leaving the archived state is not supported'));
  }
  if (!choices.lifecycle.allowRemovingRequired) {
    for (const field of REQUIRED_ON_CREATE.filter((name) => name !== 'accessLevel')) {
      if (body[field] === null) problems.push(problem(field, `${field} cannot be removed`));
    }
  }
  return problems;
}

function registrationProblems(body: JsonObject, ctx: RuleContext): Problem[] {
  if (!ctx.choices.learning.requireIssuedIds) return [];
  const problems: Problem[] = [];
  const checks = [
    [PROVIDER_FIELD, ctx.store.providerIds],
    ['owner', ctx.store.ownerIds],
  ] as const;
  for (const [field, issued] of checks) {
    const value = body[field];
    const id = isJsonObject(value) ? value.id : undefined;
    if (typeof id === 'number' && !issued.has(id)) {
      problems.push(problem(`${field}.id`, `${field}.id ${id} was not issued at registration`));
    }
  }
  return problems;
}

function formatProblems(body: JsonObject, choices: PersonaChoices): Problem[] {
  const problems: Problem[] = [];
  const { costs, duration } = body;
  const code = isJsonObject(costs) && isJsonObject(costs.currency) ? costs.currency.code : undefined;
  if (choices.learning.currencyCodeFormat && typeof code === 'string' && !/^[A-Z]{3}$/.test(code)) {
    problems.push(problem('costs.currency.code', 'costs.currency.code must be a three-letter ISO 4217 code'));
  }
  const period = isJsonObject(duration) ? duration.durationPeriod : undefined;
  const periods = choices.learning.durationPeriods;
  if (periods !== null && typeof period === 'string' && !periods.includes(period)) {
    problems.push(problem('duration.durationPeriod', `duration.durationPeriod must be one of ${periods.join(', ')}`));
  }
  return problems;
}

/** Every problem of the write, in a fixed order (the lenient persona reports the first only). */
export function activityProblems(write: ActivityWrite, ctx: RuleContext): Problem[] {
  const { choices } = ctx;
  return [
    ...creationProblems(write, choices),
    ...updateProblems(write, choices),
    ...accessLevelProblems(write, choices),
    ...aggregateProblems(write, ctx),
    ...fieldLevelProblems(write, choices),
    ...contentProblems(write, choices),
    ...costProblems(write.body),
    ...imageProblems(write.body, ctx.store),
    ...childProblems(write, ctx),
    ...registrationProblems(write.body, ctx),
    ...formatProblems(write.body, choices),
  ];
}
