/**
 * `npm run verify -- <certificate.json> [--public-key <pem>]`: checks a certificate (src/judge/certificate.ts):
 * its SHA-256 over the canonical form, its Ed25519 signature (and that it is the expected key, when
 * given), its expiry, and every verdict of a check that judges recorded exchanges alone, judged again
 * with this suite's checks. Names the failures it could not judge again. Exit 0 valid, 1 tampered,
 * mismatched or expired, 2 unreadable.
 */
import { readFileSync } from 'node:fs';
import { missingFields, verifyCertificate, type Certificate } from '../judge/certificate';
import { parseCliArgs, usageError } from './help';

const COMMAND = 'npm run verify';

function main(): void {
  const { values, positionals } = parseCliArgs('verify', {
    options: { 'public-key': { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  const file = positionals[0];
  if (file === undefined || positionals.length > 1) usageError(COMMAND, 'give one certificate (e.g. reports/certificate.json)');
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch (error) {
    usageError(COMMAND, `${file} cannot be read as JSON (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  const missing = missingFields(value);
  if (missing) usageError(COMMAND, `${file} is no certificate of this suite: ${missing}`);
  let publicKey: string | null = null;
  const keyFile = values['public-key'];
  if (keyFile) {
    try {
      publicKey = readFileSync(keyFile, 'utf8');
    } catch (error) {
      usageError(COMMAND, `--public-key ${keyFile} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
  }
  const cert = value as Certificate;
  const result = verifyCertificate(cert, { publicKey });
  console.log(`${file}: run ${cert.runId} of ${cert.target.rm} / ${cert.target.hr}, issued ${cert.issued}, expires ${cert.expires}`);
  for (const note of result.notes) console.log(`  ${note}`);
  for (const problem of result.problems) console.log(`  \u2717 ${problem}`);
  console.log(result.exitCode === 0 ? 'Certificate: VALID' : 'Certificate: NOT VALID');
  process.exit(result.exitCode);
}

if (require.main === module) main();
