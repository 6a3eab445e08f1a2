/**
 * The rules 000 states once for every RM operation, as tables (defineRule of ./rules.ts, the
 * mechanism the v3 rules share): each lists the operations its sentence covers, with what differs
 * between them, and why each other operation is left out; a new catalogue operation in neither
 * throws. specs/rm/catalogue-rules.spec.ts declares one test per operation per rule.
 * - 000 §5.1/§5.4: every operation requires credentials; none, a wrong secret, or an API key the
 *   target does not know (with the right secret), give 401;
 * - 000 §7 (and the 404 of each operation in 000 §4): an addressed record that does not exist gives
 *   404, for each path id in turn while the others exist.
 * The requests of one case are independent of each other, so they are sent at once: far away a
 * case costs one round trip, not one per request.
 */
import type { ApiName, OperationSpec } from '../../contract/catalogue/types';
import type { ObservationCategory } from '../../src/reporting/observations';
import type { Target } from '../../src/config/target';
import type { Cleanup } from '../../src/runner/cleanup';
import { hmacBasicAuth } from '../../src/auth/hmac-basic';
import { NO_AUTH, type ApiClient, type AuthProvider } from '../../src/http/client';
import { expectCredentialsRefused, expectNotFound } from '../../src/checks';
import { bodyShape } from '../../src/reporting/observations';
import { exampleBody } from './rm-bodies';
import { existingIds, type DiscoveryContext } from './rm-discovery';
import { unknownId } from './rm-names';
import type { RmShared } from './rm-shared';
import { defineRule, partition, rulesOf, type CatalogueRule, type RuleCase } from './rules';

/**
 * The key the target never issued, one per worker: its basic credentials carry the real secret, so each
 * new key is a new secret form for the redactor, whose pattern is then compiled again (one per
 * operation cost a worker ~3 CPU-s over a fault run's instances).
 */
const UNKNOWN_API_KEY = `conformance-unknown-key-${unknownId()}`;

/** What an RM rule needs of a test: its fixtures. */
export interface RmRuleContext {
  rm: ApiClient;
  target: Target;
  rmShared: RmShared;
  cleanup: Cleanup;
  observe: (category: ObservationCategory, subject: string, value: string) => void;
}

/** Operations whose success cannot be undone on a real target: never sent with real ids here. */
const DESTRUCTIVE = new Set(['rm.ats-candidates.anonymise']);

/** Where the table tests find existing records: the discoveries of ./rm-discovery.ts, and the worker's shared records. */
function discovery(ctx: RmRuleContext): DiscoveryContext {
  return { rm: ctx.rm, target: ctx.target, shared: () => ctx.rmShared.records(ctx.rm, ctx.cleanup) };
}

function withUnknowns(ids: Record<string, string | null>): Record<string, string> {
  return Object.fromEntries(Object.entries(ids).map(([k, v]) => [k, v ?? unknownId()]));
}

interface CredentialEntry {
  /** Real ids where they are harmless, so that only the credentials are wrong; unknown ids for a destructive operation. */
  ids: 'existing' | 'unknown';
  /**
   * For a write, a body it refuses with its 422 when credentials are right (000 §4 rule 1, rule 2 and
   * the rows' 422: no e-mail, no file content, a blank school or company name; for the tag create and
   * the PATCH, whose refusals no sentence names, a body without attributes): without credentials it
   * must still get the 401.
   */
  invalidBody: unknown;
}

const INVALID_BODIES: Readonly<Record<string, unknown>> = {
  'rm.candidates.create': { data: { type: 'candidates', attributes: { first_name: 'No e-mail' } } },
  'rm.candidate-files.create': { data: { type: 'candidate_files', attributes: { filename: 'resume.txt' } } },
  'rm.educations.create': { data: { type: 'educations', attributes: { school: { name: ' ' } } } },
  'rm.employments.create': { data: { type: 'employments', attributes: { company: { name: ' ' } } } },
};

function credentialEntry(op: OperationSpec): CredentialEntry {
  const invalidBody = op.requestBody ? (INVALID_BODIES[op.id] ?? { data: { type: op.id.split('.')[1] ?? 'records' } }) : undefined;
  return { ids: DESTRUCTIVE.has(op.id) ? 'unknown' : 'existing', invalidBody };
}

/** 000 §5.1: "the scheme is declared as HTTP basic": an Authorization header of another scheme carries no valid credentials. */
const OTHER_SCHEME: AuthProvider = {
  headers: () => Promise.resolve({ authorization: 'Bearer conformance-not-a-basic-credential' }),
  curl: { kind: 'bearer', tokenCommand: "echo 'conformance-not-a-basic-credential'" },
};

const credentials = defineRule<RmRuleContext, CredentialEntry>({
  describe: 'every operation: credentials (000 §5)',
  title: () => 'answers 401 without credentials, with a wrong secret and with an unknown API key @smoke',
  earns: ['401'],
  // 000 §5.1: every operation requires credentials.
  ...partition('rm', credentialEntry, () => 'every operation requires credentials'),
  run: async (ctx, op, entry) => {
    const { rm, target } = ctx;
    const none = Object.fromEntries(op.pathParams.map((p) => [p.name, null]));
    const ids = withUnknowns(entry.ids === 'unknown' ? none : await existingIds(op, discovery(ctx)));
    const body = exampleBody(op, target);
    const wrongSecret = hmacBasicAuth(target.rm?.apiKey ?? '', `${target.rm?.apiSecret ?? ''}-wrong`);
    // 000 §5.2: the API key takes the place of the user name; a key the target never issued, with the real secret.
    const unknownKey = hmacBasicAuth(UNKNOWN_API_KEY, target.rm?.apiSecret ?? '');
    // 000 §5.2: the secret takes the place of the password; the right key with no secret at all is not a credential.
    const emptySecret = hmacBasicAuth(target.rm?.apiKey ?? '', '');
    const ways: { how: string; auth: AuthProvider; params: Record<string, string>; body: unknown }[] = [
      { how: 'without credentials', auth: NO_AUTH, params: ids, body },
      { how: 'with a Bearer authorization header', auth: OTHER_SCHEME, params: ids, body },
      { how: 'with a wrong secret', auth: wrongSecret, params: ids, body },
      { how: 'with an unknown API key', auth: unknownKey, params: ids, body },
      { how: 'with the API key and an empty secret', auth: emptySecret, params: ids, body },
    ];
    // 000 §5.4 "Missing or invalid credentials give HTTP 401" on every operation: before anything else is
    // looked at, so also for a record that does not exist (not its 404) and for a body that is invalid (not its 422).
    if (op.pathParams.length > 0)
      ways.push({ how: 'without credentials, for unknown path ids', auth: NO_AUTH, params: withUnknowns(none), body });
    if (entry.invalidBody !== undefined)
      ways.push({ how: 'without credentials, with an invalid body', auth: NO_AUTH, params: ids, body: entry.invalidBody });
    const sent = await Promise.all(ways.map((w) => rm.call(op.id, { params: w.params, body: w.body, auth: w.auth })));
    ways.forEach(({ how }, i) => {
      const ex = sent[i];
      if (!ex) return;
      // Every operation requires credentials (000 §5.1), also where its row lists no 401 (then the 401 speaks for no cell).
      expectCredentialsRefused(ex, 'rm.auth.401', { why: `sent ${how}: missing or invalid credentials` });
      ctx.observe('error-body', `${op.method} ${op.path} 401 (${how})`, bodyShape(ex.response?.text ?? ''));
    });
  },
});

const unknownPathIds = defineRule<RmRuleContext, { names: string[] }>({
  describe: 'every operation: unknown path ids (000 §7)',
  title: ({ names }) => `answers 404 for an unknown ${names.map((n) => `{${n}}`).join(' or ')}`,
  earns: ['404'],
  ...partition(
    'rm',
    (op) => (op.pathParams.length > 0 ? { names: op.pathParams.map((p) => p.name) } : null),
    () => 'it addresses no record by a path id',
  ),
  run: async (ctx, op, { names }) => {
    const { rm, target } = ctx;
    const existing = await existingIds(op, discovery(ctx));
    const sent = await Promise.all(
      names.map((name) => rm.call(op.id, { params: { ...withUnknowns(existing), [name]: unknownId() }, body: exampleBody(op, target) })),
    );
    names.forEach((name, i) => {
      const ex = sent[i];
      if (!ex) return;
      // The clause: the row's 404 where the operation documents one, else 000 §7.
      expectNotFound(ex, `unknown {${name}}`);
      ctx.observe('error-body', `${op.method} ${op.path} 404 (unknown {${name}})`, bodyShape(ex.response?.text ?? ''));
    });
  },
});

const RM_RULES: readonly CatalogueRule<RmRuleContext>[] = [credentials, unknownPathIds];

/** The RM rules, each with one case per operation it covers. */
export function rmCatalogueRules(api: ApiName = 'rm'): { describe: string; cases: RuleCase<RmRuleContext>[] }[] {
  return rulesOf(RM_RULES, api);
}
