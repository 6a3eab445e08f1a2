/**
 * RM v2 credentials (000 §5): HTTP basic with the API key as user name and the API secret as
 * password, under the scheme name HMAC, plus the `x-hmac-date` header (which a server may also
 * take from the ordinary `date` header, 000 §5.3).
 */
import type { AuthProvider } from '../http/client';
import { registerSecret } from '../http/redact';

export function hmacBasicAuth(apiKey: string, apiSecret: string, options: { dateHeader?: boolean } = {}): AuthProvider {
  registerSecret(apiSecret, apiKey);
  const value = `Basic ${Buffer.from(`${apiKey}:${apiSecret}`).toString('base64')}`;
  const sendDate = options.dateHeader ?? true;
  return {
    headers: async (): Promise<Record<string, string>> =>
      sendDate ? { authorization: value, 'x-hmac-date': new Date().toUTCString() } : { authorization: value },
    curl: { kind: 'basic', userVar: 'RM_API_KEY', passwordVar: 'RM_API_SECRET' },
  };
}
