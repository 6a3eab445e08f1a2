/**
 * A certificate anyone can re-verify: what a run (or a judged recording, or a proxy session) showed,
 * with the evidence it rests on. It holds the suite's version, the SHA-256 of the two documents when
 * they are at hand, the statement in force, the targets, the run's id, times and expiry, the run's
 * failures, the verdicts of every check that judges recorded exchanges alone together with those
 * exchanges (redacted, as every report is), a SHA-256 over a canonical form of all that, and an Ed25519
 * signature when a key is given. `verifyCertificate` checks the hash, the signature and the expiry, and
 * judges the exchanges again with the suite's own checks: a verdict that differs is a mismatch.
 */
import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import type { Statement } from '../readings';
import type { ConformanceReport } from '../reporting/conformance-types';
import type { Bases } from './classify';
import { judgeRecording } from './engine';
import type { RecordedEntry } from './har-input';

export const CERTIFICATE_FORMAT = 'api-conformance-certificate/1';
/** How long a certificate stands: a target changes, and so may the suite. */
export const CERTIFICATE_DAYS = 90;

export interface CertifiedVerdict {
  page: string;
  check: string;
  clause: string;
  verdict: 'passed' | 'failed';
  /** The index (in `exchanges`) of the exchange the verdict is about. */
  exchange: number | null;
}

export interface Certificate {
  format: typeof CERTIFICATE_FORMAT;
  suite: { name: string; version: string; commit: string | null };
  documents: Record<string, string>;
  statement: Statement | null;
  target: { rm: string; hr: string };
  bases: Bases;
  runId: string;
  seed: number;
  issued: string;
  expires: string;
  run: {
    totals: ConformanceReport['totals'];
    failures: { id: string | null; check: string; clause: string | null; test: string; testId: string | null; message: string }[];
  };
  verdicts: CertifiedVerdict[];
  exchanges: RecordedEntry[];
  sha256: string;
  signature: { algorithm: 'Ed25519'; publicKey: string; value: string } | null;
}

type Unsealed = Omit<Certificate, 'sha256' | 'signature'>;

/** JSON with every object's keys sorted and no blanks: one text for one content (the form that is hashed and signed). */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The verdicts of the checks that judge recorded exchanges alone, over `exchanges`, in a form two judgings compare by. */
export function recordedVerdicts(exchanges: readonly RecordedEntry[], bases: Bases): CertifiedVerdict[] {
  const index = new Map(exchanges.map((e, i) => [`${e.page}\u0000${e.where}`, i]));
  return judgeRecording(exchanges, bases).flatMap((page) =>
    page.verdicts.map((v): CertifiedVerdict => {
      const at = page.exchanges.findIndex((e) => e.seq === v.exchangeSeq);
      const entry = at >= 0 ? exchanges.filter((e) => e.page === page.page)[at] : undefined;
      return {
        page: page.page,
        check: v.check,
        clause: v.clause,
        verdict: v.verdict,
        exchange: entry ? (index.get(`${entry.page}\u0000${entry.where}`) ?? null) : null,
      };
    }),
  );
}

export interface CertificateInput {
  suite: { name: string; version: string; commit: string | null };
  documents: Record<string, string>;
  statement: Statement | null;
  report: ConformanceReport;
  bases: Bases;
  exchanges: RecordedEntry[];
  now?: Date;
  /** An Ed25519 private key (PEM): the certificate is signed and carries its public key. */
  signingKey?: string | null;
}

export function buildCertificate(input: CertificateInput): Certificate {
  const now = input.now ?? new Date();
  const unsealed: Unsealed = {
    format: CERTIFICATE_FORMAT,
    suite: input.suite,
    documents: input.documents,
    statement: input.statement,
    target: input.report.target,
    bases: input.bases,
    runId: input.report.runId,
    seed: input.report.seed,
    issued: now.toISOString(),
    expires: new Date(now.getTime() + CERTIFICATE_DAYS * 86_400_000).toISOString(),
    run: {
      totals: input.report.totals,
      failures: input.report.failures.map((f) => ({
        id: f.id ?? null,
        check: f.check,
        clause: f.clause?.id ?? null,
        test: f.test,
        testId: f.testId ?? null,
        message: f.message,
      })),
    },
    verdicts: recordedVerdicts(input.exchanges, input.bases),
    exchanges: input.exchanges,
  };
  const text = canonical(unsealed);
  let signature: Certificate['signature'] = null;
  if (input.signingKey) {
    const key = createPrivateKey(input.signingKey);
    if (key.asymmetricKeyType !== 'ed25519') throw new Error(`the signing key is ${key.asymmetricKeyType ?? 'unknown'}, not Ed25519`);
    signature = {
      algorithm: 'Ed25519',
      publicKey: createPublicKey(key).export({ type: 'spki', format: 'pem' }).toString(),
      value: sign(null, Buffer.from(text), key).toString('base64'),
    };
  }
  return { ...unsealed, sha256: sha256(text), signature };
}

export interface Verification {
  /** 0 valid, 1 tampered, mismatched or expired. */
  exitCode: 0 | 1;
  problems: string[];
  /** What was proven, for people. */
  notes: string[];
}

const REQUIRED: readonly (keyof Certificate)[] = [
  'format',
  'suite',
  'documents',
  'target',
  'bases',
  'runId',
  'issued',
  'expires',
  'run',
  'verdicts',
  'exchanges',
  'sha256',
];

/** The fields a certificate lacks (one line for the CLI, exit 2), or null. */
export function missingFields(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'it is not a JSON object';
  const missing = REQUIRED.filter((k) => !(k in value));
  if (missing.length) return `it lacks ${missing.join(', ')}`;
  if ((value as Certificate).format !== CERTIFICATE_FORMAT) return `its format is not ${CERTIFICATE_FORMAT}`;
  return null;
}

function fingerprint(publicKeyPem: string): string {
  return sha256(createPublicKey(publicKeyPem).export({ type: 'spki', format: 'der' }).toString('base64')).slice(0, 16);
}

/** Verifies a certificate: hash, signature (and the expected key, when given), expiry, and the verdicts judged again. */
export function verifyCertificate(cert: Certificate, options: { now?: Date; publicKey?: string | null } = {}): Verification {
  const problems: string[] = [];
  const notes: string[] = [];
  const { sha256: hash, signature, ...unsealed } = cert;
  const text = canonical(unsealed);
  if (sha256(text) !== hash) problems.push('tampered: the content does not hash to the certificate\u2019s SHA-256');
  else notes.push(`hash: the content hashes to ${hash}`);
  if (signature) {
    let key: KeyObject | null = null;
    try {
      key = createPublicKey(signature.publicKey);
    } catch {
      problems.push('tampered: the signature\u2019s public key cannot be read');
    }
    if (key && !verify(null, Buffer.from(text), key, Buffer.from(signature.value, 'base64')))
      problems.push('tampered: the Ed25519 signature does not match the content');
    else if (key) notes.push(`signature: Ed25519, key ${fingerprint(signature.publicKey)}`);
    if (options.publicKey && key && fingerprint(options.publicKey) !== fingerprint(signature.publicKey))
      problems.push(`signed with another key (${fingerprint(signature.publicKey)}, expected ${fingerprint(options.publicKey)})`);
  } else if (options.publicKey) problems.push('unsigned, but a signing key is expected');
  else notes.push('signature: none (unsigned)');
  if (Date.parse(cert.expires) < (options.now ?? new Date()).getTime()) problems.push(`expired on ${cert.expires}`);
  // Judged again with this suite's checks: each verdict must come out the same.
  const again = recordedVerdicts(cert.exchanges, cert.bases);
  const key = (v: CertifiedVerdict): string => canonical(v);
  const count = (list: readonly CertifiedVerdict[]): Map<string, number> => {
    const m = new Map<string, number>();
    for (const v of list) m.set(key(v), (m.get(key(v)) ?? 0) + 1);
    return m;
  };
  const before = count(cert.verdicts);
  const after = count(again);
  const differ = [...new Set([...before.keys(), ...after.keys()])].filter((k) => (before.get(k) ?? 0) !== (after.get(k) ?? 0));
  if (differ.length)
    problems.push(
      `mismatched: ${differ.length} verdict(s) judged again come out otherwise, e.g. ${differ
        .slice(0, 3)
        .map(
          (k) =>
            `${(JSON.parse(k) as CertifiedVerdict).check} ${(JSON.parse(k) as CertifiedVerdict).verdict} (${(before.get(k) ?? 0) > (after.get(k) ?? 0) ? 'certified, not found again' : 'found again, not certified'})`,
        )
        .join('; ')}`,
    );
  else notes.push(`re-judged: ${again.length} verdicts of checks that judge recorded exchanges, all the same`);
  const rejudged = new Set(again.filter((v) => v.verdict === 'failed').map((v) => `${v.check} ${v.clause}`));
  const not = cert.run.failures.filter((f) => !rejudged.has(`${f.check} ${f.clause ?? ''}`));
  if (not.length)
    notes.push(
      `not re-judged (their checks need requests a recording does not show, or the suite's own context): ${not.map((f) => `${f.id ?? f.test} [${f.check}]`).join(', ')}`,
    );
  return { exitCode: problems.length ? 1 : 0, problems, notes };
}
