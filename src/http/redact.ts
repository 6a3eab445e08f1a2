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
  const forms = [value, encodeURIComponent(value), encodeURIComponent(value).replace(/%20/g, '+'), new URLSearchParams({ s: value }).toString().slice(2)];
  if (basicUser !== undefined) forms.push(Buffer.from(`${basicUser}:${value}`).toString('base64'));
  for (const form of forms) secrets.add(form);
  pattern = null;
}

export function redact(text: string): string {
  if (secrets.size === 0) return text;
  pattern ??= new RegExp([...secrets].sort((a, b) => b.length - a.length).map(escape).join('|'), 'g');
  return text.replace(pattern, REDACTED);
}

/** Headers that always carry credentials, whatever their value. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (CREDENTIAL_HEADERS.has(name.toLowerCase())) {
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
  pattern = null;
}
