/** json-body: a body the document describes (resources of 000 §2; v3 "All bodies are JSON") parses. */
import { describe, jsonBody, type Exchange } from '../../http/exchange';
import { defineCheck, type CitedBy } from '../define';
import { bodyExcerpt } from '../excerpt';
import { CONFORMS, enforce, nonConforming, type Outcome } from '../judge';
import { expectResponse } from './transport';

const jsonBodyCheck = defineCheck({
  name: 'json-body',
  summary: 'a body that must carry resources, or a v3 body the document describes, is JSON',
  cites: ['rm.layout.resource', 'rm.op.', 'v3.json-bodies', 'learning.op.put'],
});
export default jsonBodyCheck;

/** The predicate: the body parses as JSON (and was not cut at the client's limit). */
export function jsonOutcome(exchange: Exchange & { response: NonNullable<Exchange['response']> }): Outcome {
  if (jsonBody(exchange) !== undefined) return CONFORMS;
  return nonConforming(
    `${describe(exchange)}: ${
      exchange.response.truncated
        ? `the body is larger than the client's limit (${exchange.response.bytes}+ bytes)`
        : `the body is not JSON: ${bodyExcerpt(exchange)}`
    }`,
  );
}

/** The body parses as JSON; returns it. */
export function expectJson(exchange: Exchange, clause: CitedBy<typeof jsonBodyCheck>): unknown {
  expectResponse(exchange, clause);
  enforce(jsonBodyCheck, clause, exchange, jsonOutcome(exchange));
  return jsonBody(exchange);
}
