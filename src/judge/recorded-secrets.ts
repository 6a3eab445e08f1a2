/**
 * The secrets a recorded exchange carries, registered with the redactor before anything of it is
 * reported: a tester's recording holds their real credentials. The credentials of its Authorization
 * header (a bearer token; HTTP basic's password, with its user), the secrets of a token request's
 * form (RFC 6749 §2.3.1 client_secret; a password, refresh token or assertion of other grants) and
 * the tokens of a token answer (RFC 6749 §5.1 access_token, refresh_token; OpenID's id_token).
 */
import { registerSecret } from '../http/redact';
import type { RecordedEntry } from './har-input';

const FORM_SECRETS = ['client_secret', 'password', 'refresh_token', 'assertion', 'client_assertion', 'code'];
const ANSWER_SECRETS = ['access_token', 'refresh_token', 'id_token'];

function header(headers: Readonly<Record<string, string>>, name: string): string | undefined {
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === name) return v;
  return undefined;
}

function registerAuthorization(value: string | undefined): void {
  const m = /^(\S+)\s+(.+)$/.exec(value?.trim() ?? '');
  if (!m) return;
  const [, scheme = '', credentials = ''] = m;
  registerSecret(credentials);
  if (scheme.toLowerCase() !== 'basic') return;
  const decoded = Buffer.from(credentials, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon > 0) registerSecret(decoded.slice(colon + 1), decoded.slice(0, colon));
}

function registerForm(body: string | null, contentType: string | undefined): void {
  if (body === null || !/application\/x-www-form-urlencoded/i.test(contentType ?? '')) return;
  const form = new URLSearchParams(body);
  for (const name of FORM_SECRETS) registerSecret(form.get(name));
}

function registerAnswer(body: string): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return;
  }
  if (typeof parsed !== 'object' || parsed === null) return;
  for (const name of ANSWER_SECRETS) {
    const value = (parsed as Record<string, unknown>)[name];
    if (typeof value === 'string') registerSecret(value);
  }
}

/** Registers every secret `entries` carry, so that no report of them shows one. */
export function registerRecordedSecrets(entries: readonly RecordedEntry[]): void {
  for (const e of entries) {
    registerAuthorization(header(e.requestHeaders, 'authorization'));
    registerAuthorization(header(e.requestHeaders, 'proxy-authorization'));
    registerForm(e.requestBody, header(e.requestHeaders, 'content-type'));
    registerAnswer(e.responseBody);
  }
}
