/**
 * CONFORMANCE_CERTIFICATE=1: after a run (npm start), a judged recording (npm run judge) or a proxy
 * session (npm run proxy), writes reports/certificate.json (./certificate.ts) from that run's report
 * and recorded exchanges, signed with CONFORMANCE_SIGNING_KEY (an Ed25519 private key, PEM) when set.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SEED_FILES } from '../../contract/clauses';
import type { Env } from '../config/env';
import { parseStatement } from '../readings';
import type { ConformanceReport } from '../reporting/conformance-types';
import { SUITE } from '../reporting/suite';
import { buildCertificate } from './certificate';
import type { Bases } from './classify';
import type { RecordedEntry } from './har-input';

const ROOT = join(__dirname, '../..');

/** The commit the suite runs from, when it is a clone; null for an installed package. */
function commit(): string | null {
  if (!existsSync(join(ROOT, '.git'))) return null;
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
  } catch {
    return null;
  }
}

/** The SHA-256 of each document found (CONFORMANCE_DOCUMENTS_DIR, default ../shared/seeds); none when absent. */
function documentHashes(env: Env): Record<string, string> {
  const dir = resolve(ROOT, env.CONFORMANCE_DOCUMENTS_DIR?.trim() || '../shared/seeds');
  const out: Record<string, string> = {};
  for (const file of Object.values(SEED_FILES)) {
    const path = join(dir, file);
    if (existsSync(path)) out[file] = createHash('sha256').update(readFileSync(path)).digest('hex');
  }
  return out;
}

export const wantsCertificate = (env: Env): boolean => env.CONFORMANCE_CERTIFICATE?.trim() === '1';

/** Writes `<out>/certificate.json`; returns its path. Throws with one line for a signing key that cannot be used. */
export function writeCertificate(out: string, report: ConformanceReport, exchanges: RecordedEntry[], bases: Bases, env: Env): string {
  const keyFile = env.CONFORMANCE_SIGNING_KEY?.trim();
  let signingKey: string | null = null;
  if (keyFile) {
    try {
      signingKey = readFileSync(keyFile, 'utf8');
    } catch (error) {
      throw new Error(
        `CONFORMANCE_SIGNING_KEY=${keyFile} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      );
    }
  }
  const statementFile = env.CONFORMANCE_STATEMENT?.trim();
  const statement =
    statementFile && existsSync(statementFile) ? parseStatement(readFileSync(statementFile, 'utf8'), statementFile).statement : null;
  const certificate = buildCertificate({
    suite: { ...SUITE, commit: commit() },
    documents: documentHashes(env),
    statement,
    report,
    bases,
    exchanges,
    signingKey,
  });
  const path = join(out, 'certificate.json');
  writeFileSync(path, `${JSON.stringify(certificate, null, 2)}\n`);
  return path;
}
