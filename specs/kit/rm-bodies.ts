/**
 * Request bodies of the RM writes (000 §4 Operations; 000 §1: `{data: {type, attributes}}`): the
 * builders the specs use, one valid example body per write keyed by operation id (the table tests
 * send it so that only credentials or ids can be wrong), and the request schema an operation's
 * catalogue entry names. A write without an example body is a suite error, never a silent
 * `undefined`: test/unit/rm-registries.test.ts proves every write has one and that it validates.
 */
import type { OperationSpec } from '../../contract/catalogue/types';
import type { Target } from '../../src/config/target';
import { SCHEMA_BASE } from '../../contract/schemas/registry';
import { plainPerson } from '../../src/generators/realistic';
import { nextPerson } from './people';
import { runEmail, runTag } from './rm-names';

export function candidateBody(attributes: Record<string, unknown>): Record<string, unknown> {
  return { data: { type: 'candidates', attributes } };
}

export function educationBody(attributes: Record<string, unknown>): Record<string, unknown> {
  return { data: { type: 'educations', attributes } };
}

export function employmentBody(attributes: Record<string, unknown>): Record<string, unknown> {
  return { data: { type: 'employments', attributes } };
}

export function tagBody(name: string, email?: string): Record<string, unknown> {
  // 000 §4: the contract also lists `email` as a required attribute of this body; sending the
  // candidate's address satisfies a target that follows that marker and is harmless otherwise.
  return { data: { type: 'tags', attributes: { name, ...(email ? { email } : {}) } } };
}

export function fileBody(filename: string, content: string): Record<string, unknown> {
  return { data: { type: 'candidate_files', attributes: { filename, content } } };
}

/** A small plain-text resume, base64-encoded. */
export const RESUME_BASE64 = Buffer.from('Conformance Test\nSkills: testing\n', 'utf8').toString('base64');

const BODIES_FILE = 'specs/kit/rm-bodies.ts';

/** A valid request body for each RM write (each operation whose catalogue entry has a requestBody), by operation id. */
export const EXAMPLE_BODIES: Readonly<Record<string, (target: Target) => unknown>> = {
  // Plain names: the table tests send it so that only the credentials or an id can be wrong (a target may refuse a name's characters, D65).
  'rm.candidates.create': (target) => {
    const who = plainPerson(nextPerson());
    return candidateBody({ email: runEmail(target, 'table', who), first_name: who.first, last_name: who.last });
  },
  'rm.candidates.update': () => candidateBody({ first_name: plainPerson(nextPerson()).first }),
  'rm.candidate-tags.create': (target) => tagBody(runTag(target, 'table')),
  'rm.candidate-files.create': () => fileBody('conformance-table.txt', RESUME_BASE64),
  'rm.educations.create': () => educationBody({ school: { name: 'Conformance University' } }),
  'rm.employments.create': () => employmentBody({ company: { name: 'Conformance Ltd' } }),
};

/**
 * The example body of `op`: undefined for an operation that takes no body; throws for a write that
 * has no entry in EXAMPLE_BODIES, and for an entry of an operation that takes no body.
 */
export function exampleBody(op: OperationSpec, target: Target): unknown {
  const make = Object.hasOwn(EXAMPLE_BODIES, op.id) ? EXAMPLE_BODIES[op.id] : undefined;
  if (!op.requestBody) {
    if (make) throw new Error(`${op.id} takes no request body in the catalogue, but EXAMPLE_BODIES in ${BODIES_FILE} has one: remove it`);
    return undefined;
  }
  if (!make)
    throw new Error(
      `no example body for ${op.id} (${op.method} ${op.path}), whose catalogue entry has a requestBody (${op.requestBody.schema}): ` +
        `add one to EXAMPLE_BODIES in ${BODIES_FILE}`,
    );
  return make(target);
}

/** The request schema the catalogue entry of `op` names, relative to SCHEMA_BASE ("rm/candidate-create.request.json"). */
export function requestSchemaOf(op: OperationSpec): string {
  const id = op.requestBody?.schema;
  if (id === undefined) throw new Error(`${op.id} has no requestBody in its catalogue entry (schemas/${op.api}/operations.json)`);
  if (!id.startsWith(SCHEMA_BASE)) throw new Error(`${op.id}: the request schema ${id} is not under ${SCHEMA_BASE}`);
  return id.slice(SCHEMA_BASE.length);
}
