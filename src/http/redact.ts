/**
 * Secrets never reach a report (INTERFACE.md). Every secret the run knows (API secret, client
 * secret, tokens, and the encoded forms in which they travel) is registered here, and every text
 * that leaves the process (exchanges, attachments, messages) passes through `redact`.
 */
const secrets = new Set<string>();
let pattern: RegExp | null = null;

export const REDACTED = '***';

/** Registers a secret and the forms it travels in: raw, URL-encoded and, with a user, basic credentials. */
export function registerSecret(value: string | null | undefined, basicUser?: string): void {
  if (!value || value.length < 4) return;
  const forms = [
    value,
    encodeURIComponent(value),
    encodeURIComponent(value).replace(/%20/g, '+'),
    new URLSearchParams({ s: value }).toString().slice(2),
  ];
  if (basicUser !== undefined) forms.push(Buffer.from(`${basicUser}:${value}`).toString('base64'));
  const known = secrets.size;
  for (const form of forms) secrets.add(form);
  if (secrets.size !== known) pattern = null;
}

export function redact(text: string): string {
  if (secrets.size === 0) return text;
  pattern ??= new RegExp(
    [...secrets]
      .sort((a, b) => b.length - a.length)
      .map(escape)
      .join('|'),
    'g',
  );
  return text.replace(pattern, REDACTED);
}

/** Headers that always carry credentials, whatever their value. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);
/** Headers made secret at run time (CONFORMANCE_EXTRA_HEADERS: a gateway key, a tenant), lower case. */
const secretHeaders = new Set<string>();

/** Shortest header value also scrubbed from every text: a shorter one (a tenant "t1") would blank out unrelated ids in bodies. */
const MIN_SECRET_HEADER_VALUE = 8;

/**
 * Makes headers secret: each named header is redacted wherever a request is recorded, whatever its
 * value, and each value of 8 characters or more (a gateway key) is also redacted from every text,
 * e.g. when the target echoes it in a body.
 */
export function registerSecretHeaders(headers: Readonly<Record<string, string>>): void {
  for (const [name, value] of Object.entries(headers)) {
    secretHeaders.add(name.toLowerCase());
    if (value.length >= MIN_SECRET_HEADER_VALUE) registerSecret(value);
  }
}

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (secretHeaders.has(lower)) {
      out[name] = REDACTED;
    } else if (CREDENTIAL_HEADERS.has(lower)) {
      const scheme = /^(\w+)\s/.exec(value)?.[1];
      out[name] = scheme ? `${scheme} ${REDACTED}` : REDACTED;
    } else {
      out[name] = redact(value);
    }
  }
  return out;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** For unit tests only. */
export function clearSecretsForTest(): void {
  secrets.clear();
  secretHeaders.clear();
  pattern = null;
}
