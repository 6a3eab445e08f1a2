/**
 * The checks that apply to every response (./rules.ts `RULES`), run on each exchange: by `npm run
 * judge` and the proxy on recorded exchanges (./engine.ts), and by the suite's own run on every
 * exchange a test recorded, as Schemathesis runs its checks on every response, not only where a spec
 * calls a check (specs/kit/fixtures.ts). One classifier (./classify.ts) says what an exchange is, one
 * list of rules judges it, so the verdicts are the same wherever the exchange was seen.
 */
import { CheckError, NotJudgedError } from '../checks/check-error';
import { judgedApart, type Verdict } from '../checks/verdict';
import type { Exchange } from '../http/exchange';
import { classify, type Bases } from './classify';
import { RULES, type JudgedExchange } from './rules';

/**
 * Runs `fn`; a failed check has recorded its verdict already, and a verdict that may not rest on an
 * exchange (a NotJudgedError: src/checks/judge.ts `unjudgeable`) is none; anything else is the
 * judge's own error.
 */
export function attempt(fn: () => void, errors: string[], what: string): void {
  try {
    fn();
  } catch (error) {
    if (!(error instanceof CheckError) && !(error instanceof NotJudgedError)) errors.push(`${what}: ${(error as Error).message}`);
  }
}

/** Every rule that applies to an exchange, on each of `judged`; the verdicts go to the sink in force. */
export const RULE_MS = new Map<string, number>();
export function judgeEach(judged: readonly JudgedExchange[], errors: string[]): void {
  for (const x of judged)
    for (const rule of RULES)
      if (rule.applies(x)) {
        const t = performance.now();
        attempt(() => rule.judge(x), errors, `${rule.name} (${x.exchange.seq})`);
        RULE_MS.set(
          rule.name.slice(0, 30) + ' ' + (x.exchange.operationId ?? 'token'),
          (RULE_MS.get(rule.name.slice(0, 30) + ' ' + (x.exchange.operationId ?? 'token')) ?? 0) + performance.now() - t,
        );
      }
}

/** A verdict's key: the same check, clause, exchange and outcome is the same judgement. */
const keyOf = (v: Verdict): string => `${v.exchangeSeq ?? ''} ${v.verdict} ${v.check} ${v.clause}`;

/**
 * An exchange of the suite's run as the rules read it, or null when no rule may judge it: no answer
 * (a transport failure), an attempt the client sent again (the target asked to wait, or the connection
 * was lost: the later attempt is the one answered), an answer the target said it did not process, a
 * request of neither API at the run's addresses (a path or a tenant the suite got wrong on purpose), or
 * one the spec sent as another operation than its method and path name. What it is comes from what was
 * sent, as for a recording. `passed`: what the test's own checks passed already of each exchange.
 */
export function judgedExchangeOf(exchange: Exchange, bases: Bases, passed?: ReadonlySet<string>): JudgedExchange | null {
  const response = exchange.response;
  if (!response || exchange.sentAgain || exchange.unjudged) return null;
  const { method, url, headers, body } = exchange.request;
  const c = classify(method, url, headers, body, bases);
  if (c.kind === 'unknown') return null;
  const answered = exchange as JudgedExchange['exchange'];
  const already = passed ? { passed: (check: string, clause: string) => passed.has(`${exchange.seq} passed ${check} ${clause}`) } : {};
  if (c.kind === 'token') return { exchange: answered, op: null, token: true, ...already };
  if (exchange.operationId !== null && exchange.operationId !== c.op.id) return null;
  return { exchange: exchange.operationId === null ? { ...answered, operationId: c.op.id } : answered, op: c.op, token: false, ...already };
}

/** The rules' judgement of a test's exchanges: its verdicts (in the order of the exchanges), and the judge's own errors. */
export interface EveryResponseJudgement {
  verdicts: Verdict[];
  errors: string[];
}

/**
 * Judges each of `exchanges` (a test's, in the order sent) by every rule that applies to it. The
 * verdicts are returned, never recorded into the running test's sink nor made its pending failure:
 * the test's own checks keep precedence (specs/kit/fixtures.ts decides what a failed one does). A
 * verdict the test holds already (`held`: the same check, clause, exchange and outcome) is not returned
 * again, and a rule does not judge again what the test's own checks passed (the same predicate of the
 * same exchange gives the same verdict).
 */
export function judgeEveryResponse(exchanges: readonly Exchange[], bases: Bases, held: readonly Verdict[] = []): EveryResponseJudgement {
  const known = new Set(held.map(keyOf));
  const verdicts: Verdict[] = [];
  const errors: string[] = [];
  const judged = exchanges.map((e) => judgedExchangeOf(e, bases, known)).filter((x): x is JudgedExchange => x !== null);
  judgedApart(
    {
      record: (v) => {
        const key = keyOf(v);
        if (known.has(key)) return;
        known.add(key);
        verdicts.push(v);
      },
    },
    () => judgeEach(judged, errors),
  );
  return { verdicts, errors };
}
