/**
 * schema: a body matches the resource shapes of the documents. Each schema keyword names its own
 * clause (`x-clause`), so the failure quotes the sentence of the very rule that broke.
 */
import { describe, type Exchange } from '../../http/exchange';
import { LEARNING_AGGREGATE_ID } from '../../readings/entries/v3-learning';
import { RM_EPOCH_OF_UTC, type EpochPair } from '../../readings/entries/rm-datetime';
import { instantOfText } from '../instant';
import { validateAgainst } from '../../../contract/schemas/registry';
import { asCited, defineCheck, type CitedBy } from '../define';
import { enforce, nonConforming, CONFORMS, type Outcome } from '../judge';
import { readingOutcome, type ReadingOutcome } from '../readings';
import { about, listed, type Page } from '../shown';
import { expectJson } from './json-body';

const schema = defineCheck({
  name: 'schema',
  summary: 'a body matches the resource shapes the document gives (each schema keyword names its clause)',
  cites: ['rm.', 'hr.', 'learning.', 'v3.'],
});
export default schema;

const SCHEMA_BASE = /^https:\/\/schemas\.conformance\.test\//;

/** The predicate: `value` validates against the schema `schemaId`; a failure names the clause of the first broken keyword. */
export function schemaOutcome(exchange: Exchange, schemaId: string, value: unknown): { outcome: Outcome; clause: string | null } {
  const result = validateAgainst(schemaId, value);
  if (result.valid) return { outcome: CONFORMS, clause: null };
  const errors = result.errors
    .slice(0, 8)
    .map((e) => e.text)
    .join('; ');
  return {
    outcome: nonConforming(`${describe(exchange)}: body does not match ${schemaId.replace(SCHEMA_BASE, '')}: ${errors}`),
    clause: result.errors[0]?.clause ?? null,
  };
}

/** The body validates against the schema `$id`; the failure cites the clause of the first broken keyword. */
export function expectSchema(
  exchange: Exchange,
  schemaId: string,
  clause: CitedBy<typeof schema> & CitedBy<typeof import('./json-body').default>,
): unknown {
  const value = expectJson(exchange, clause);
  const judged = schemaOutcome(exchange, schemaId, value);
  enforce(schema, asCited(schema, judged.clause ?? clause), exchange, judged.outcome);
  return value;
}

type Clause = CitedBy<typeof schema>;

/** The predicate: a resource the answer shows has the type the document gives it (`shownType`, read from the answer). */
export function resourceTypeOutcome(exchange: Exchange, shownType: string, expected: string): Outcome {
  return shownType === expected
    ? CONFORMS
    : nonConforming(`${describe(exchange)}: the resource has type "${shownType}", not "${expected}"`);
}

export function expectResourceType(exchange: Exchange, shownType: string, expected: string, clause: Clause): void {
  enforce(schema, clause, exchange, resourceTypeOutcome(exchange, shownType, expected));
}

/** The predicate: an answer that must show a resource (`what`) shows one (`shown`: what was read from it, or null). */
export function resourceShownOutcome(exchange: Exchange, shown: unknown, what: string): Outcome {
  return shown === null || shown === undefined ? nonConforming(`${describe(exchange)} without ${what}`) : CONFORMS;
}

/** The answer shows the resource; returns it. */
export function expectResourceShown<T>(exchange: Exchange, shown: T | null | undefined, clause: Clause, what: string): T {
  enforce(schema, clause, exchange, resourceShownOutcome(exchange, shown, what));
  if (shown === null || shown === undefined) throw new Error('unreachable: enforce throws on a failure');
  return shown;
}

/** The kinds of value a field of a body the document describes may be required to hold. */
export type FieldKind = 'integer' | 'string';

const FIELD_KINDS: Readonly<Record<FieldKind, { holds: (v: unknown) => boolean; text: string }>> = {
  integer: { holds: (v) => typeof v === 'number' && Number.isInteger(v), text: 'an integer' },
  string: { holds: (v) => typeof v === 'string', text: 'a string' },
};

/** The predicate: the field `name` of a body holds a value of `kind`. */
export function fieldOutcome(exchange: Exchange, name: string, value: unknown, kind: FieldKind): Outcome {
  const { holds, text } = FIELD_KINDS[kind];
  return holds(value) ? CONFORMS : nonConforming(`${describe(exchange)}: ${name} is ${JSON.stringify(value)}, expected ${text}`);
}

export function expectField(exchange: Exchange, name: string, value: unknown, kind: FieldKind, clause: Clause): void {
  enforce(schema, clause, exchange, fieldOutcome(exchange, name, value, kind));
}

/** The records of `pages` that share a value of attribute `field` with an earlier record (values absent or null are not compared). */
function sharing(pages: readonly Page<{ id: string; attributes: Readonly<Record<string, unknown>> }>[], field: string) {
  const first = new Map<string, string>();
  const clashes: { id: string; other: string; value: string; page: Page }[] = [];
  for (const page of pages)
    for (const r of page.records) {
      const value = r.attributes[field];
      if (value === undefined || value === null) continue;
      const key = JSON.stringify(value);
      const other = first.get(key);
      if (other !== undefined && other !== r.id) clashes.push({ id: r.id, other, value: key, page });
      else first.set(key, r.id);
    }
  return clashes;
}

/**
 * The predicate: no two records of a listing (`pages`, `what` names it) share a value of `field`, an
 * attribute the document calls unique (000 §2 Candidate: "uid | string, randomly generated,
 * alphanumeric, unique"). A record shown twice (same id) is pagination's business, not this one.
 */
export function uniqueValuesOutcome(
  pages: readonly Page<{ id: string; attributes: Readonly<Record<string, unknown>> }>[],
  field: string,
  what: string,
): Outcome {
  const clashes = sharing(pages, field);
  return clashes.length === 0
    ? CONFORMS
    : nonConforming(
        `${what}: ${listed(
          clashes.map((c) => `${c.id} and ${c.other} share ${field} ${c.value}`),
          4,
        )}`,
      );
}

/** No two records share `field`: about the page that showed the first clash, then the other pages. */
export function expectUniqueValues(
  pages: readonly Page<{ id: string; attributes: Readonly<Record<string, unknown>> }>[],
  field: string,
  clause: Clause,
  what: string,
): void {
  const clash = sharing(pages, field)[0];
  enforce(
    schema,
    clause,
    about(
      clash?.page.exchange ?? pages[0]?.exchange,
      pages.map((p) => p.exchange),
    ),
    uniqueValuesOutcome(pages, field, what),
  );
}

/** The predicate of the aggregate id a learning create answered, by the readings of learning.aggregate-id.type (D27): a string or an integer. */
export function aggregateIdOutcome(exchange: Exchange, value: unknown): ReadingOutcome {
  return readingOutcome(LEARNING_AGGREGATE_ID, { value }, `${describe(exchange)}: aggregateId is ${JSON.stringify(value)}`);
}

/** The aggregate id of a learning create's answer is a string or an integer; the verdict names which. */
export function expectAggregateIdReading(exchange: Exchange, value: unknown, clause: Clause): void {
  const { outcome, judgement } = aggregateIdOutcome(exchange, value);
  enforce(schema, clause, exchange, outcome, { reading: judgement });
}

// ---- the two faces of one DateTime (000 §2 DateTime object; D86) ------------------------------------------

/** Every DateTime-like object of `value` (anywhere in it) that shows a utc with an offset and an integer epoch. */
export function epochPairs(value: unknown): EpochPair[] {
  const pairs: EpochPair[] = [];
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(visit);
    if (typeof v !== 'object' || v === null) return;
    const o = v as Record<string, unknown>;
    const instant = typeof o.utc === 'string' ? instantOfText(o.utc) : null;
    if (instant && typeof o.epoch === 'number' && Number.isInteger(o.epoch))
      pairs.push({ at: instant.at, unit: instant.unit, epoch: o.epoch });
    Object.values(o).forEach(visit);
  };
  visit(value);
  return pairs;
}

/**
 * The predicate: every DateTime of an RM answer that shows both a utc and an epoch gives one instant in
 * both, in a lawful reading of the epoch's unit (src/readings/entries/rm-datetime.ts: whole seconds cut
 * or rounded, or milliseconds); one reading for the whole answer. Null when no DateTime shows both.
 */
export function epochOutcome(exchange: Exchange, value: unknown): ReadingOutcome | null {
  const pairs = epochPairs(value);
  if (pairs.length === 0) return null;
  const judged = readingOutcome(RM_EPOCH_OF_UTC, { pairs }, `${describe(exchange)}: the epochs of its DateTime objects`);
  if (judged.outcome.ok) return judged;
  const odd = pairs.find((p) => !RM_EPOCH_OF_UTC.readings.some((r) => r.holds({ pairs: [p] }))) ?? pairs[0];
  const shown = odd ? ` (utc ${new Date(odd.at).toISOString()} beside epoch ${odd.epoch})` : '';
  return { ...judged, outcome: nonConforming(`${judged.outcome.ok ? '' : judged.outcome.detail}${shown}`) };
}

/** The DateTimes of an RM answer name one instant in utc and epoch (D86); no verdict where none shows both. */
export function expectEpochsAgree(exchange: Exchange, value: unknown): void {
  const judged = epochOutcome(exchange, value);
  if (judged) enforce(schema, 'rm.datetime.epoch', exchange, judged.outcome, { reading: judged.judgement });
}
