/**
 * The checks that can judge a recorded exchange by itself: what a sentence requires of any answer
 * of its operation, whatever request a person or a tool sent. Each rule applies to the exchanges it
 * can judge and calls the checks' own wrappers (so its verdicts are the suite's verdicts, with their
 * clauses); a rule that needs a request nobody sent is not here (see NOT_JUDGED_FROM_TRAFFIC).
 *
 * The same rules judge every exchange of the suite's own run (./every-response.ts), where the suite
 * sends requests that are wrong on purpose (no credentials, malformed JSON, unknown ids, a wrong grant
 * type): so each rule judges only what the documents require of any answer to what was sent, reading
 * the request where a requirement depends on it, and where they are silent every lawful answer passes.
 */
import type { OperationSpec } from '../../contract/catalogue/types';
import { asCited } from '../checks/define';
import { expectDocumented } from '../checks/documented';
import authEnforced, { expectChallenge, expectCredentialsRefused, expectRefusalChallenge } from '../checks/registry/auth-enforced';
import noServerError, { expectNoServerError } from '../checks/registry/no-server-error';
import {
  expectBearerType,
  expectErrorStatus,
  expectExpiresInNumber,
  expectJwtForm,
  expectNoStore,
  expectRegisteredError,
  expectTokenJson,
} from '../checks/registry/token';
import { expectEpochsAgree } from '../checks/registry/schema';
import { expectValidationFailed } from '../checks/registry/validation';
import { expectSomeMessage } from '../checks/registry/validation-message';
import { refusalOf } from '../checks/refusal';
import { issuedToken, type TokenAnswer } from '../checks/token-answer';
import { jsonBody, type Exchange } from '../http/exchange';

/** A recorded exchange with what the classifier found. */
export interface JudgedExchange {
  exchange: Exchange & { response: NonNullable<Exchange['response']> };
  /** The catalogue operation, or null for a token exchange. */
  op: OperationSpec | null;
  token: boolean;
  /**
   * Whether a verdict of `check` citing `clause` passed already on this exchange (in the suite's run, by
   * the test's own checks): a rule need not judge it again. Absent for a recording.
   */
  passed?: (check: string, clause: string) => boolean;
}

export interface Rule {
  /** What the rule judges, for people. */
  readonly name: string;
  readonly applies: (x: JudgedExchange) => boolean;
  readonly judge: (x: JudgedExchange) => void;
}

const header = (ex: Exchange, name: string): string | undefined => {
  for (const [k, v] of Object.entries(ex.request.headers)) if (k.toLowerCase() === name) return v;
  return undefined;
};
const hasCredentials = (ex: Exchange): boolean => header(ex, 'authorization') !== undefined;
const status = (x: JudgedExchange): number => x.exchange.response.status;
const is2xx = (x: JudgedExchange): boolean => status(x) >= 200 && status(x) < 300;

function requestJson(ex: Exchange): Record<string, unknown> | null {
  try {
    const v = JSON.parse(ex.request.body ?? '') as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function tokenAnswerOf(ex: JudgedExchange['exchange']): TokenAnswer {
  const body = jsonBody(ex);
  return {
    status: ex.response.status,
    body: typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null,
    text: ex.response.text,
    exchange: ex,
  };
}

/** The success statuses a row documents (RM "201", Learning "201" and "200"; HR core the class "2xx"). */
const successCells = (op: OperationSpec): string[] => op.responses.map((r) => r.status).filter((s) => s.startsWith('2'));

const E_MAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The sentence that requires credentials of each API's operations: RM 000 §5; HR core 001 §5.1; learning 001 §5.5 (as the specs cite them). */
const CREDENTIALS_CLAUSE = { rm: 'rm.auth.required', hr: 'v3.auth.token', learning: 'learning.auth.scope' } as const;

/**
 * Operations whose path the document does not show whole (001 §4 Gaps "Exact path prefix and payload of the
 * employee-by-reference-id operation: not shown"): a target may serve them elsewhere, so a refusal there is any
 * 4xx, as the spec takes it when its probe found nothing at the path (auth-enforced `routeShown`).
 */
const PATH_NOT_SHOWN: ReadonlySet<string> = new Set(['hr.employee-reference.put']);
const routeShown = (op: OperationSpec | null): boolean => op === null || !PATH_NOT_SHOWN.has(op.id);

export const RULES: readonly Rule[] = [
  {
    name: 'no 5xx: an operation of the tables answers with one of its statuses, never a server error',
    applies: (x) => x.op !== null && status(x) >= 500,
    judge: (x) => expectNoServerError(x.exchange, asCited(noServerError, x.op?.clause ?? '') as never),
  },
  {
    name: 'a success is the one the operation row documents, and its body the shape the document gives',
    // A v3 2xx whose body refuses is a refusal (001 §7.1; D72): whether the request deserved one needs what it
    // was meant to be, which the spec that sent it judges (a recording does not show it).
    applies: (x) => x.op !== null && is2xx(x) && refusalOf(x.exchange) === null,
    judge: (x) => {
      if (!x.op) return;
      // A body the test's own checks validated already against its row's schema (and its DateTimes) is not validated again.
      const cells = successCells(x.op);
      const row = x.op.responses.find((r) => r.status === String(status(x))) ?? x.op.responses.find((r) => r.status === cells[0]);
      const validated = row?.schema !== undefined && x.passed?.('schema', row.clause) === true;
      expectDocumented(x.exchange, x.op, cells, { schema: !validated });
      if (validated && x.op.api === 'rm' && !x.passed?.('schema', 'rm.datetime.epoch')) expectEpochsAgree(x.exchange, jsonBody(x.exchange));
    },
  },
  {
    name: 'a request without credentials is refused (000 §5: 401; 001 §5: a bearer token, RFC 6750 §3.1)',
    applies: (x) => x.op !== null && !hasCredentials(x.exchange) && status(x) !== 429 && status(x) < 500,
    judge: (x) => expectCredentialsRefused(x.exchange, CREDENTIALS_CLAUSE[x.exchange.api], { routeShown: routeShown(x.op) }),
  },
  {
    name: 'a 401 carries its challenge (RFC 9110 §15.5.2); a refused bearer token a Bearer one (RFC 6750 §3)',
    // A v3 403 to a request with a token is not judged here: a refused token (RFC 6750 §3.1 insufficient_scope) and a
    // write refused for what it asks (001 §3 "request refused", any 4xx) look alike. Without a token, the rule above judges it.
    applies: (x) => status(x) === 401,
    // The token endpoint's refusal challenges the client's own scheme (RFC 6749 §5.2): any scheme, as RFC 9110 says.
    judge: (x) =>
      x.token ? expectChallenge(x.exchange, 'rfc9110.15.5.2.challenge') : expectRefusalChallenge(x.exchange, routeShown(x.op)),
  },
  {
    name: 'POST /candidates without an e-mail address, or with an invalid one, is refused with 422 (000 §4 rule 1)',
    applies: (x) => {
      if (x.op?.id !== 'rm.candidates.create' || !hasCredentials(x.exchange) || status(x) === 401 || status(x) === 429) return false;
      const data = requestJson(x.exchange)?.data as { attributes?: { email?: unknown } } | undefined;
      const email = data?.attributes?.email;
      return data !== undefined && (typeof email !== 'string' || !E_MAIL.test(email));
    },
    judge: (x) => expectValidationFailed(x.exchange, 'the body carries no valid e-mail address'),
  },
  {
    name: 'an HR core write without externalId is refused with a validation message (001 §2, §4 rule 4)',
    applies: (x) =>
      x.exchange.api === 'hr' &&
      x.op?.method === 'PUT' &&
      x.op.path.startsWith('/hrcore/') &&
      hasCredentials(x.exchange) &&
      status(x) >= 400 &&
      status(x) < 500 &&
      ![401, 403, 404, 405, 429].includes(status(x)) &&
      requestJson(x.exchange) !== null &&
      requestJson(x.exchange)?.externalId === undefined,
    judge: (x) => expectSomeMessage(x.exchange, 'hr.rule.message', ['externalId']),
  },
  {
    name: 'a token answer is JSON, Bearer, not to be stored, with its numbers as numbers and a JWT (RFC 6749 §5.1, 001 §5)',
    applies: (x) => x.token && issuedToken(tokenAnswerOf(x.exchange)) !== null,
    judge: (x) => {
      const answer = tokenAnswerOf(x.exchange);
      expectTokenJson(answer, 'rfc6749.5.1.json');
      expectBearerType(answer, 'rfc6749.5.1.token-type');
      expectNoStore(answer, 'rfc6749.5.1.no-store');
      expectExpiresInNumber(answer, 'rfc6749.5.1.numbers');
      // A recording that redacted the token (this suite's own HAR writes "***") cannot show its form.
      const token = issuedToken(answer) ?? '';
      if (!/^\*+$/.test(token)) expectJwtForm(answer, token, 'v3.auth.token');
    },
  },
  {
    name: 'a refused token request answers as RFC 6749 §5.2 says: 400 (401 for invalid_client), JSON, a registered error code',
    applies: (x) => x.token && status(x) >= 400 && status(x) < 500 && status(x) !== 429,
    judge: (x) => {
      const answer = tokenAnswerOf(x.exchange);
      const what = 'a token request the recording shows refused';
      expectErrorStatus(answer, 'rfc6749.5.2.400', what);
      expectTokenJson(answer, 'rfc6749.5.2.json');
      expectRegisteredError(answer, 'rfc6749.5.2.error', what);
    },
  },
];

/** The auth-enforced check, for the rules' cited clauses (typed in one place). */
export const AUTH_CHECK = authEnforced;

/**
 * What a recording cannot show: behaviours that need a request nobody sent (listed as not judged,
 * with the operation, in the reports of `npm run judge`).
 */
export const NOT_JUDGED_FROM_TRAFFIC: readonly { what: string; needs: string }[] = [
  { what: 'a 404 for an addressed record that does not exist', needs: 'a read of an id the recording shows does not exist' },
  { what: 'the filters select what 000 §4 Filters says', needs: 'the records a selection must hold or leave out' },
  { what: 'the 001 §7.2 learning messages', needs: 'the activity the request was about, and its state' },
  { what: 'the business-unit hierarchy (001 §3)', needs: 'which units reference which' },
  { what: 'a token that lives 300 seconds', needs: 'a request with the token after its life' },
];
