/**
 * The decisions of schemas/DECISIONS.md that are no choice between readings of one sentence, and
 * why: what the suite derives, sends or cannot test. Every other decision is an entry of the
 * readings registry (test/unit/readings.test.ts holds the two lists to the document).
 */
export const NOT_READINGS: Readonly<Record<`D${number}`, string>> = Object.freeze({
  D6: 'no sentence names the tagging type: 000 §1 makes it a string, and there is nothing to read two ways',
  D9: 'the document itself says "values seen": an open list of strings is its one reading',
  D10: 'which schema the job application events answer: 000 §6 names them stored candidate events, one reading',
  D14: 'the sentences agree (school and company required, a blank name gives 422 by 000 §7): one reading',
  D17: 'statuses derived from general sentences (000 §5.1, §5.4, §7, §8), not a choice between readings',
  D18: 'the wire form of the documented query types (UUIDs where 000 §4 says so, "true"/"false" as sent)',
  D20: 'the three forms of one PUT are 001 §4 rule 1 itself, written as schemas',
  D23: 'both date layouts are named by 001 §2 itself: a target must take both, one reading',
  D24: 'the payload is not shown at all (001 §4 Gaps): nothing to read, only externalId to send',
  D28: 'the learning create and update forms are 001 §4 itself, written as schemas',
  D29: 'the 001 §7.2 conditions that one request body shows, written as schema rules: what the suite sends',
  D30: 'how the matrix names statuses where 001 gives none (2xx, 4xx): a report convention',
  D31: 'what cannot be tested at all, with the reason: no reading to judge',
  D33: 'what the suite sends (valid for the strictest reading), not how a target answers',
  D43: 'a rule drawn from 000 §1 and §2 together (an embedded record is named by its relationship), one reading',
  D51: 'the related types are named by 000 §2 itself: one reading',
  D53: 'a record of blind faults found lawful and declarations corrected; the readings are D1 and D5',
  D55: "a consequence of D3: how the relationship is carried is D3's readings",
  D59: "the moment a token's life is measured from (the answer's Date, else this machine's clock with a stated skew): how the suite measures, not a reading",
  D60: 'when the client sends a request again (429/503 with Retry-After, a reset of a reused connection): a behaviour of the client where 000 §8 and 001 §8 are silent, not a reading of a sentence',
  D61: 'how the run slows down when a target asks (pause, a cap shared by the workers): a behaviour of the client, not a reading',
  D62: 'which answers no verdict may rest on (not processed, or not attributable): a rule of judgement, every target reading passes it',
  D63: 'which preflight answers end the run as a configuration error (exit 2) and which the suite judges: a rule of the runner, not a reading',
  D78: 'a bound of the suite on silence (nothing in 000 promises immediacy): how long it reads again, not a reading of a sentence',
  D79: 'a rule of judgement (a record that does not show a value is judged by what else shows it), not a choice between readings',
  D64: 'what the suite sends (names, numbers and addresses as people have them), not how a target answers',
  D66: 'how the suite reads a listed job\'s status: the readings of "lists live jobs" are D77\'s (rm.jobs.live)',
  D82: "000 §2's rows name the candidate's own records and §6 the operations that read them: one reading (how a relationship is carried is D3's)",
  D84: 'one stored record names one set of related records, whichever operation reads it: one reading (how each read carries them is D3)',
  D69: 'what the sentences require of a refused write (no record left where that record would break one): one reading, judged by no-trace',
  D72: 'how the suite reads a 2xx body as a refusal (flags, errors members, envelopes, by structure): one reading, src/checks/refusal.ts',
  D91: 'what RFC 7519 §4.1.5-4.1.6 say of iat and nbf, measured from the moment of issue (D59): one reading, judged by token',
});
