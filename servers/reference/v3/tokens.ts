/**
 * The token service of the v3 reference server (001 §5): the registered clients, access tokens
 * issued to them and their verification.
 *
 * Clients: identity.json's client belongs to this server's tenant; its "other" client belongs to
 * another tenant of the same token service (v3-starting-records.json tokenService.otherClientTenant). Every
 * token names its tenant in `aud`, so this tenant's API refuses the other client's tokens, as a
 * token service shared by several tenants does.
 *
 * Tokens: HS256 JWTs (001 §5.1) with sub, client_id, scope (space separated, exactly the scopes
 * asked for), aud, iss, iat, nbf, exp = iat + 300 (001 §5.3), jti. The signing key is made anew at
 * each start. Under the hr.variant.jwt-no-exp variant the JWT has no exp and the server ends its
 * life at iat + 300 itself; under the hr.token.opaque fault the token is a random string the
 * server keeps (001 §5.1 names a JWT); under the hr.auth.expired-token-accepted fault tokens state
 * a 3-second life and their expiry is never checked.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { EMBEDDED } from '../../../contract/identity/embedded';
import type { Behaviour } from '../behaviour';
import { on } from '../switches';
import { decodeJwt, decryptJwt, encryptJwt, signJwt } from './jwt';
import type { JsonObject } from './json';

export const LIFETIME_S = 300;
/** The life tokens state under the hr.auth.expired-token-accepted fault (short, so the suite proves it without a 300 s wait). */
export const EXPIRED_FAULT_LIFETIME_S = 3;
/** The scope HR core writes need (001 §5.2), from contract/terms.ts; guard.ts and token-endpoint.ts take it from here. */
export { HR_WRITE_SCOPE } from '../../../contract/terms';

export interface Client {
  id: string;
  secret: string;
  tenant: string;
}

export interface Issued {
  accessToken: string;
  expiresIn: number;
  scopes: string[];
}

/** What a verified token grants. */
export interface Grant {
  clientId: string;
  tenant: string;
  scopes: ReadonlySet<string>;
}

export type Verified = { ok: true; grant: Grant } | { ok: false; reason: string };

export function registeredClients(tenant: string, otherTenant: string): Client[] {
  return [
    { id: EMBEDDED.v3.clientId, secret: EMBEDDED.v3.clientSecret, tenant },
    { id: EMBEDDED.v3.otherClientId, secret: EMBEDDED.v3.otherClientSecret, tenant: otherTenant },
  ];
}

export class TokenService {
  private readonly key = randomBytes(32);
  private readonly opaque = new Map<string, { grant: Grant; expiresAt: number }>();

  constructor(
    private readonly behaviour: Behaviour,
    private readonly clients: readonly Client[],
    private readonly issuer: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** The tenant of the server's own (first) client. */
  get homeTenant(): string {
    return this.clients[0]?.tenant ?? '';
  }

  /** The client with this id and secret, or null (the secret compared without regard to case under a fault). */
  authenticate(id: string, secret: string, anyCase = false): Client | null {
    const same = (a: string): boolean => (anyCase ? a.toLowerCase() === secret.toLowerCase() : a === secret);
    return this.clients.find((c) => c.id === id && same(c.secret)) ?? null;
  }

  /** The client with this id, whatever its secret (only the hr.token.secret-omitted-accepted fault asks), or null. */
  known(id: string): Client | null {
    return this.clients.find((c) => c.id === id) ?? null;
  }

  issue(client: Client, scopes: string[]): Issued {
    const b = this.behaviour;
    const shortLived = on(b, 'hr.auth.expired-token-accepted');
    const lifetime = on(b, 'hr.token.expires-in-3600') ? 3600 : shortLived ? EXPIRED_FAULT_LIFETIME_S : LIFETIME_S;
    const claimLifetime = on(b, 'hr.token.exp-claim-3600') ? 3600 : lifetime;
    // The fault dates the token 60 s in the past: exp - iat still says the life, but the token dies early.
    const iat = Math.floor(this.now() / 1000) - (on(b, 'hr.token.iat-backdated') ? 60 : 0);
    // The opaque fault issues a random string; the parts fault three random base64url parts joined by dots (no JOSE header, no claims).
    const parts = on(b, 'hr.token.jwt-parts-not-json');
    if (on(b, 'hr.token.opaque') || parts) {
      this.sweep();
      const accessToken = parts
        ? [16, 32, 32].map((n) => randomBytes(n).toString('base64url')).join('.')
        : randomBytes(32).toString('base64url');
      this.opaque.set(accessToken, {
        grant: { clientId: client.id, tenant: client.tenant, scopes: new Set(scopes) },
        expiresAt: (iat + claimLifetime) * 1000,
      });
      return { accessToken, expiresIn: lifetime, scopes };
    }
    // Azure AD dates iat and nbf five minutes back for clock skew; exp still lies 300 s after the issue.
    const azure = on(b, 'hr.variant.token-azure');
    const claims: JsonObject = {
      iss: this.issuer,
      sub: client.id,
      client_id: client.id,
      aud: client.tenant,
      // The fault grants an admin scope besides those asked, which the token response does not state.
      scope: [...scopes, ...(on(b, 'hr.token.scope-stated-not-granted') ? ['Public.HrCore.Admin'] : [])].join(' '),
      ...(azure ? { scp: scopes.join(' '), ver: '2.0', tid: client.tenant, azp: client.id, roles: [] } : {}),
      ...(on(b, 'hr.variant.token-keycloak')
        ? { typ: 'Bearer', azp: client.id, acr: '1', realm_access: { roles: ['default-roles'] } }
        : {}),
      // The fault writes iat from a millisecond clock.
      iat: on(b, 'hr.token.iat-in-milliseconds') ? iat * 1000 : azure ? iat - 300 : iat,
      // The fault adds its skew margin the wrong way: the token is not valid for its first 240 seconds.
      nbf: on(b, 'hr.token.nbf-after-issue') ? iat + 240 : azure ? iat - 300 : iat,
      jti: randomUUID(),
    };
    if (!on(b, 'hr.variant.jwt-no-exp')) claims.exp = iat + claimLifetime;
    // The fault writes exp from a millisecond clock while iat stays in seconds.
    if (on(b, 'hr.token.exp-in-milliseconds')) claims.exp = (iat + claimLifetime) * 1000;
    // The faults write exp as a string of seconds, and nbf or iat as Date objects (ISO 8601 strings once serialised).
    if (on(b, 'hr.token.exp-string')) claims.exp = `${iat + claimLifetime}`;
    if (on(b, 'hr.token.nbf-iso-date')) claims.nbf = new Date(iat * 1000).toISOString();
    if (on(b, 'hr.token.iat-iso-date')) claims.iat = new Date(iat * 1000).toISOString();
    const accessToken = on(b, 'hr.variant.token-jwe') ? encryptJwt(claims, this.key) : signJwt(claims, this.key);
    return { accessToken, expiresIn: lifetime, scopes };
  }

  /**
   * Checks form, signature and lifetime (the audience is the API's business). `checkSignature` is
   * false only under the learning.auth.signature-not-verified fault, for learning paths.
   */
  verify(token: string, checkSignature = true): Verified {
    if (on(this.behaviour, 'hr.token.opaque') || on(this.behaviour, 'hr.token.jwt-parts-not-json')) {
      const held = this.opaque.get(token);
      if (!held) return { ok: false, reason: 'The access token is not known' };
      if (held.expiresAt <= this.now()) return { ok: false, reason: 'The access token has expired' };
      return { ok: true, grant: held.grant };
    }
    const decoded = on(this.behaviour, 'hr.variant.token-jwe')
      ? decryptJwt(token, this.key)
      : decodeJwt(
          token,
          this.key,
          checkSignature && !on(this.behaviour, 'hr.auth.signature-not-verified'),
          on(this.behaviour, 'hr.auth.alg-none-accepted'),
        );
    if ('problem' in decoded) {
      const reasons = {
        malformed: 'The access token is not a JWT',
        algorithm: 'The access token is not signed with HS256',
        signature: 'The access token signature does not verify',
      };
      return { ok: false, reason: reasons[decoded.problem] };
    }
    const { claims } = decoded;
    const nowS = this.now() / 1000;
    // The faults that write a date claim as a string read it back (seconds, or an ISO 8601 date).
    const exp = on(this.behaviour, 'hr.token.exp-string') && typeof claims.exp === 'string' ? Number(claims.exp) : claims.exp;
    const nbf = on(this.behaviour, 'hr.token.nbf-iso-date') && typeof claims.nbf === 'string' ? Date.parse(claims.nbf) / 1000 : claims.nbf;
    // Without exp (jwt-no-exp variant) the life ends iat + 300 s all the same.
    const expiry =
      typeof exp === 'number'
        ? exp
        : on(this.behaviour, 'hr.variant.jwt-no-exp') && typeof claims.iat === 'number'
          ? claims.iat + LIFETIME_S
          : null;
    if (expiry === null) return { ok: false, reason: 'The access token has no expiry' };
    if (expiry <= nowS && !on(this.behaviour, 'hr.auth.expired-token-accepted'))
      return { ok: false, reason: 'The access token has expired' };
    // Under the nbf fault the API allows 300 seconds of leeway on nbf (RFC 7519 §4.1.5 allows "some small leeway").
    const leeway = on(this.behaviour, 'hr.token.nbf-after-issue') ? 300 : 60;
    if (typeof nbf === 'number' && nbf > nowS + leeway) return { ok: false, reason: 'The access token is not valid yet' };
    if (typeof claims.client_id !== 'string' || typeof claims.aud !== 'string' || typeof claims.scope !== 'string')
      return { ok: false, reason: 'The access token lacks client_id, aud or scope' };
    return {
      ok: true,
      grant: { clientId: claims.client_id, tenant: claims.aud, scopes: new Set(claims.scope.split(' ').filter(Boolean)) },
    };
  }

  private sweep(): void {
    if (this.opaque.size < 10_000) return;
    const now = this.now();
    for (const [token, held] of this.opaque) if (held.expiresAt <= now) this.opaque.delete(token);
  }
}
