/**
 * A certificate anyone can re-verify (CONFORMANCE_CERTIFICATE=1, CONFORMANCE_SIGNING_KEY; npm run verify):
 * an untouched one is valid; one with a status code edited, one with a verdict edited (and its hash
 * made again, unsigned), and one signed with another key are not, each for its reason; an unreadable
 * one is exit 2.
 */
import assert from 'node:assert/strict';
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { canonical, type Certificate } from '../../src/judge/certificate';
import { describeRun, runStart, runTsx, scratchDir, ROOT } from './support/suite';

const dir = scratchDir('certificate');
const keys = generateKeyPairSync('ed25519');
const other = generateKeyPairSync('ed25519');
const keyFile = join(dir, 'signing.pem');
const publicFile = join(dir, 'signing.pub.pem');
let cert: Certificate;

before(async () => {
  writeFileSync(keyFile, keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  writeFileSync(publicFile, keys.publicKey.export({ type: 'spki', format: 'pem' }).toString());
  const reportsDir = join(dir, 'reports');
  const run = await runStart(['--project', 'rm', '-g', 'tags'], {
    reportsDir,
    env: { CONFORMANCE_CERTIFICATE: '1', CONFORMANCE_SIGNING_KEY: keyFile, CONFORMANCE_LEAN: '' },
  });
  assert.equal(run.exitCode, 0, describeRun(run));
  cert = JSON.parse(readFileSync(join(reportsDir, 'certificate.json'), 'utf8')) as Certificate;
});

async function verify(c: unknown, name: string, withKey = true): Promise<{ code: number | null; out: string }> {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, typeof c === 'string' ? c : JSON.stringify(c));
  const r = await runTsx('src/cli/verify.ts', [file, ...(withKey ? ['--public-key', publicFile] : [])], { cwd: ROOT, reportsDir: dir });
  return { code: r.exitCode, out: `${r.stdout}${r.stderr}` };
}

const resealed = (c: Certificate, key?: typeof keys): Certificate => {
  const { sha256: _h, signature: _s, ...content } = c;
  const text = canonical(content);
  const hash = createHash('sha256').update(text).digest('hex');
  return {
    ...c,
    sha256: hash,
    signature: key
      ? {
          algorithm: 'Ed25519',
          publicKey: key.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
          value: sign(null, Buffer.from(text), key.privateKey).toString('base64'),
        }
      : null,
  };
};

test('the certificate of a run holds what a certificate must, and an untouched one is valid', async () => {
  assert.equal(cert.format, 'api-conformance-certificate/1');
  assert.ok(cert.suite.version && cert.runId && cert.issued < cert.expires);
  assert.ok(cert.exchanges.length > 0 && cert.verdicts.length > 0, 'verdicts and the exchanges they rest on');
  assert.equal(cert.signature?.algorithm, 'Ed25519');
  assert.ok(!JSON.stringify(cert).includes(String(keys.privateKey.export({ type: 'pkcs8', format: 'pem' }))), 'no private key');
  const r = await verify(cert, 'untouched');
  assert.equal(r.code, 0, r.out);
  assert.match(r.out, /Certificate: VALID/);
  assert.match(r.out, /re-judged: \d+ verdicts/);
});

test('one status code edited: tampered (the hash and the signature no longer match)', async () => {
  const at = cert.exchanges.findIndex((e) => e.status === 200);
  const edited = { ...cert, exchanges: cert.exchanges.map((e, i) => (i === at ? { ...e, status: 201 } : e)) };
  const r = await verify(edited, 'status-edited');
  assert.equal(r.code, 1, r.out);
  assert.match(r.out, /tampered: the content does not hash/);
});

test('one verdict edited, its hash made again (unsigned): the verdicts judged again do not come out the same', async () => {
  const at = cert.verdicts.findIndex((v) => v.verdict === 'passed');
  const edited = resealed({ ...cert, verdicts: cert.verdicts.map((v, i) => (i === at ? { ...v, verdict: 'failed' as const } : v)) });
  const r = await verify(edited, 'verdict-edited', false);
  assert.equal(r.code, 1, r.out);
  assert.match(r.out, /mismatched: \d+ verdict\(s\) judged again come out otherwise/);
});

test('signed with another key: not valid against the expected public key', async () => {
  const r = await verify(resealed(cert, other), 'other-key');
  assert.equal(r.code, 1, r.out);
  assert.match(r.out, /signed with another key/);
});

test('an unreadable certificate is exit 2 with one line', async () => {
  assert.equal((await verify('{', 'not-json')).code, 2);
  const { exchanges: _e, ...lacking } = cert;
  const r = await verify(lacking, 'lacking');
  assert.equal(r.code, 2);
  assert.match(r.out, /is no certificate of this suite: it lacks exchanges/);
});
