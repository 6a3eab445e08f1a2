/**
 * Refusals: the JSON error body of each persona.
 * Document part 7: "Failed validation returns a validation message in the response"; "HTTP status codes per
 * operation and error body format: not shown". Part 4 shared write rule 4.
 */
import type { PersonaChoices } from './choices';
import type { Reply } from './reply';

export interface Problem {
  readonly field: string;
  readonly message: string;
}

export function problem(field: string, message: string): Problem {
  return { field, message };
}

/** `single`: the first message only; `list`: every problem with the field it concerns. */
export function refuse(
  choices: PersonaChoices,
  status: number,
  problems: readonly Problem[],
  headers?: Readonly<Record<string, string>>,
): Reply {
  if (choices.http.errorShape === 'single') {
    return { status, body: { message: problems[0]?.message ?? 'Request refused' }, headers };
  }
  return { status, body: { errors: problems.map((p) => ({ field: p.field, message: p.message })) }, headers };
}
