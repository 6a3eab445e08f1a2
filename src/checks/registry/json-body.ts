/** json-body: a body the document describes (resources of 000 §2; v3 "All bodies are JSON") parses. */
import { describe, jsonBody, type Exchange } from '../../http/exchange';
import { LEARNING_MEDIA_TYPE } from '../../readings/entries/v3-learning';
import { defineCheck, type CitedBy } from '../define';
import { bodyExcerpt } from '../excerpt';
import { CONFORMS, enforce, nonConforming, type Outcome } from '../judge';
import { readingOutcome, type ReadingOutcome } from '../readings';
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

/**
 * The predicate: a body 001 describes is labelled JSON where it is labelled at all (001 §4 "All bodies
 * are JSON."), by the readings of learning.create.media-type (D47): application/json, a +json type
 * (RFC 8259 §11, RFC 6839 §3.1), a charset parameter allowed, or no Content-Type (the body itself is
 * checked by `jsonOutcome`).
 */
export function jsonLabelOutcome(exchange: Exchange & { response: NonNullable<Exchange['response']> }): ReadingOutcome {
  const header = Object.entries(exchange.response.headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? null;
  return readingOutcome(
    LEARNING_MEDIA_TYPE,
    { contentType: header },
    `${describe(exchange)}: the body is labelled "${header ?? ''}", not JSON (application/json or a +json type)`,
  );
}

/** The body is labelled JSON (when labelled); the verdict names how. */
export function expectJsonLabelled(exchange: Exchange, clause: CitedBy<typeof jsonBodyCheck>): void {
  expectResponse(exchange, clause);
  const { outcome, judgement } = jsonLabelOutcome(exchange as Exchange & { response: NonNullable<Exchange['response']> });
  enforce(jsonBodyCheck, clause, exchange, outcome, { reading: judgement });
}
