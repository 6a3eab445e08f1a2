/**
 * A reply: status, optional JSON body and headers, built by the handlers and written by the server.
 * Document part 4 ("All bodies are JSON") and part 7 (errors).
 */
import type { JsonValue } from './json';

export interface Reply {
  readonly status: number;
  /** Absent: an empty body. */
  readonly body?: JsonValue;
  readonly headers?: Readonly<Record<string, string>>;
  /** Media type of the body (default `application/json; charset=utf-8`). */
  readonly contentType?: string;
}
