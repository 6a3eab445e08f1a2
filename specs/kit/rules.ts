/**
 * Rules a document states once for a set of operations, as tables keyed by catalogue operation id,
 * for every API: each rule lists the operations its sentence covers, with what genuinely differs
 * between them, and, for every other operation of the API's catalogue, why the sentence does not
 * cover it. `casesOf(api)` throws when an operation of the catalogue is in neither, so a new
 * operation cannot slip past a rule unseen. A spec declares one test per case (./v3-rules.ts for
 * HR and Learning, ./rm-rules.ts for RM).
 */
import { operation, operationsOf } from '../../contract/catalogue';
import type { ApiName, OperationSpec } from '../../contract/catalogue/types';

/** One test of a rule: the rule applied to one operation. */
export interface RuleCase<C> {
  op: OperationSpec;
  /** "<METHOD> <path> <what the rule requires>". */
  title: string;
  /** What the test declares (./declare.ts): the operation, the cells the rule sets out to earn on it, and what else it calls. */
  declares: string[];
  run: (ctx: C) => Promise<void>;
}

export interface RuleSpec<C, E> {
  /** The describe block: the rule and the sentences it applies. */
  describe: string;
  /** What the test title says after the operation's method and path. */
  title: (entry: E, op: OperationSpec) => string;
  /** Each operation the sentence covers, with what differs for it. */
  table: Readonly<Record<string, E>>;
  /** Each other operation of the catalogue, with why the sentence does not cover it. */
  excluded: Readonly<Record<string, string>>;
  /** The statuses the rule sets out to earn on each operation (those its row documents become cells). */
  earns: readonly string[];
  /** Other operations a case calls for what it needs (a record another operation makes); none by default. */
  alsoCalls?: (entry: E, op: OperationSpec) => string[];
  run: (ctx: C, op: OperationSpec, entry: E) => Promise<void>;
}

export interface CatalogueRule<C> {
  describe: string;
  casesOf: (api: ApiName) => RuleCase<C>[];
}

export function defineRule<C, E>(spec: RuleSpec<C, E>): CatalogueRule<C> {
  for (const id of [...Object.keys(spec.table), ...Object.keys(spec.excluded)]) operation(id);
  return {
    describe: spec.describe,
    casesOf: (api) =>
      operationsOf(api).flatMap((op): RuleCase<C>[] => {
        const entry = spec.table[op.id];
        if (entry === undefined) {
          if (spec.excluded[op.id] === undefined)
            throw new Error(`rule "${spec.describe}" neither covers nor excludes ${op.id}: add it to its table or its exclusions`);
          return [];
        }
        const cells = spec.earns.filter((status) => op.responses.some((r) => r.status === status)).map((status) => `${op.id} ${status}`);
        return [
          {
            op,
            title: `${op.method} ${op.path} ${spec.title(entry, op)}`,
            declares: [...new Set([op.id, ...cells, ...(spec.alsoCalls?.(entry, op) ?? [])])],
            run: (ctx) => spec.run(ctx, op, entry),
          },
        ];
      }),
  };
}

/** The rules that cover an operation of `api`, each with one case per operation it covers. */
export function rulesOf<C>(rules: readonly CatalogueRule<C>[], api: ApiName): { describe: string; cases: RuleCase<C>[] }[] {
  return rules.map((rule) => ({ describe: rule.describe, cases: rule.casesOf(api) })).filter((r) => r.cases.length > 0);
}

/** The same entry for each of `ids`. */
export const each = <E>(ids: readonly string[], entry: E): Record<string, E> => Object.fromEntries(ids.map((id) => [id, entry]));

/** An entry for each operation of `api` that `covered` accepts, and the reason `why` for each other one. */
export function partition<E>(
  api: ApiName,
  covered: (op: OperationSpec) => E | null,
  why: (op: OperationSpec) => string,
): { table: Record<string, E>; excluded: Record<string, string> } {
  const table: Record<string, E> = {};
  const excluded: Record<string, string> = {};
  for (const op of operationsOf(api)) {
    const entry = covered(op);
    if (entry === null) excluded[op.id] = why(op);
    else table[op.id] = entry;
  }
  return { table, excluded };
}
