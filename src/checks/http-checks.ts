/**
 * Checks over one exchange. Specs compose them; each throws a CheckError naming itself.
 * Callers may rename a check (`check:`) to say what a status proves, e.g. 'auth-enforced'.
 */
import { describe, jsonBody, type Exchange } from '../http/exchange';
import { validateAgainst } from '../schemas/registry';
import { CheckError } from './check-error';
import type { CheckName } from './names';

export interface CheckOptions {
  /** Overrides the check name, e.g. 'auth-enforced' for a 401 status check. */
  check?: CheckName;
  /** The seed clause, e.g. "000 §4 Operations". */
  seed?: string;
  /** Words that say why this outcome is expected. */
  why?: string;
}

export type ExpectedStatus = number | readonly number[] | '2xx' | '4xx';

function statusMatches(status: number, expected: ExpectedStatus): boolean {
  if (expected === '2xx') return status >= 200 && status < 300;
  if (expected === '4xx') return status >= 400 && status < 500;
  return typeof expected === 'number' ? status === expected : expected.includes(status);
}

function statusText(expected: ExpectedStatus): string {
  return typeof expected === 'string' || typeof expected === 'number' ? String(expected) : expected.join(' or ');
}

function bodyExcerpt(exchange: Exchange): string {
  const text = exchange.response?.text ?? '';
  return text.length > 300 ? `${text.slice(0, 300)}...` : text;
}

/**
 * The target answered at all (no time-out, reset or refusal). A missing answer is always named
 * 'transport', whatever check the caller named: a time-out proves nothing about auth, status or setup.
 */
export function expectResponse(exchange: Exchange, opts: CheckOptions = {}): asserts exchange is Exchange & { response: NonNullable<Exchange['response']> } {
  if (!exchange.response) {
    throw new CheckError('transport', `${exchange.request.method} ${exchange.request.url} got no response: ${exchange.error ?? 'unknown'}`, opts.seed ?? null);
  }
}

/** No 5xx: a server error is never a documented answer. */
export function expectNoServerError(exchange: Exchange, opts: CheckOptions = {}): void {
  expectResponse(exchange, opts);
  if (exchange.response.status >= 500) {
    throw new CheckError(opts.check ?? 'no-server-error', `${describe(exchange)}: a server error; body: ${bodyExcerpt(exchange)}`, opts.seed ?? null);
  }
}

export function expectStatus(exchange: Exchange, expected: ExpectedStatus, opts: CheckOptions = {}): void {
  expectResponse(exchange, opts);
  const { status } = exchange.response;
  if (!statusMatches(status, expected)) {
    const check = opts.check ?? (status >= 500 ? 'no-server-error' : 'status');
    throw new CheckError(check, `${describe(exchange)}, expected ${statusText(expected)}${opts.why ? ` (${opts.why})` : ''}; body: ${bodyExcerpt(exchange)}`, opts.seed ?? null);
  }
}

const JSON_MEDIA = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** A body, when there is one, is declared as JSON (any JSON media type: the documents show no other). */
export function expectJsonContentType(exchange: Exchange, opts: CheckOptions = {}): void {
  expectResponse(exchange, opts);
  const { response } = exchange;
  if (response.text.trim() === '') return;
  const type = response.headers['content-type'] ?? '';
  if (!JSON_MEDIA.test(type)) {
    throw new CheckError(opts.check ?? 'content-type', `${describe(exchange)}: content type "${type || '(none)'}" is not a JSON media type`, opts.seed ?? null);
  }
}

/** The body parses as JSON; returns it. */
export function expectJson(exchange: Exchange, opts: CheckOptions = {}): unknown {
  expectResponse(exchange, opts);
  const value = jsonBody(exchange);
  if (value === undefined) {
    const why = exchange.response.truncated ? `the body is larger than the client's limit (${exchange.response.bytes}+ bytes)` : `the body is not JSON: ${bodyExcerpt(exchange)}`;
    throw new CheckError(opts.check ?? 'json-body', `${describe(exchange)}: ${why}`, opts.seed ?? null);
  }
  return value;
}

/** The body validates against the schema `$id`; every error names its seed section. */
export function expectSchema(exchange: Exchange, schemaId: string, opts: CheckOptions = {}): unknown {
  const value = expectJson(exchange, opts);
  const result = validateAgainst(schemaId, value);
  if (!result.valid) {
    const errors = result.errors.slice(0, 8).join('; ');
    throw new CheckError(opts.check ?? 'schema', `${describe(exchange)}: body does not match ${schemaId.replace(/^https:\/\/schemas\.conformance\.test\//, '')}: ${errors}`, opts.seed ?? null);
  }
  return value;
}

/** The message text appears word for word somewhere in the body (its shape is not documented). */
export function expectMessage(exchange: Exchange, message: string, opts: CheckOptions = {}): void {
  expectResponse(exchange, opts);
  if (!exchange.response.text.includes(message)) {
    throw new CheckError(opts.check ?? 'validation-message', `${describe(exchange)}: the body does not carry the message "${message}"; body: ${bodyExcerpt(exchange)}`, opts.seed ?? null);
  }
}

/** A named assertion about what several exchanges show together (pagination, filters, state). */
export function expectThat(condition: boolean, check: CheckName, detail: string, seed?: string): asserts condition {
  if (!condition) throw new CheckError(check, detail, seed ?? null);
}

/**
 * A 4xx refusal whose body carries some validation message (001 §7.1: "failed validation returns a
 * validation message in the response"). The text itself is not documented for HR core: any non-empty body.
 */
export function expectValidationRefusal(exchange: Exchange, opts: CheckOptions = {}): void {
  expectStatus(exchange, '4xx', opts);
  const text = exchange.response?.text.trim() ?? '';
  if (text === '') {
    throw new CheckError(opts.check ?? 'validation-message', `${describe(exchange)}: refused without any validation message in the body`, opts.seed ?? null);
  }
}
