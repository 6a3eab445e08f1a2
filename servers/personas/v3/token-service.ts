/**
 * The token service: issues JWTs that live 300 seconds from issue (exp = issue + 300; without exp, in the alternate
 * persona, the service refuses them 300 s after iat) carrying the granted scopes,
 * and checks bearer tokens. HS256 with a random key per persona instance; in identity-provider style (frameworks
 * persona) RS256 with a published key, `iat` = `nbf` backdated for clock skew and Azure AD / Keycloak claims.
 * Document part 5 items 1-3 ("Tokens live 300 seconds"), part 8; RFC 7519.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { hs256Key, rs256Key, signJwt, verifyJwt, type JwtCheck, type JwtClaims, type JwtKey } from './jwt';
import type { JsonObject } from './json';
import { TOKEN_LIFETIME_SECONDS } from './seed';

export interface IdpOptions {
  /** Seconds `iat` and `nbf` lie before the moment of issue (Azure AD: 300). */
  readonly backdateSeconds: number;
  /** The directory (tenant) id put in `tid`. */
  readonly tenantId: string;
}

export interface Issued {
  readonly token: string;
  /** The moment of issue and `exp`, in milliseconds and seconds. */
  readonly issuedMs: number;
  readonly exp: number;
}

export class TokenService {
  readonly key: JwtKey;

  constructor(
    private readonly issuer: string,
    private readonly nowMs: () => number = () => Date.now(),
    private readonly idp: IdpOptions | null = null,
    /** The JWT carries `exp` (else only `iat`; the token still lives 300 s from issue). */
    private readonly withExp = true,
  ) {
    this.key = idp === null ? hs256Key(randomBytes(32)) : rs256Key();
  }

  private nowSeconds(): number {
    return Math.floor(this.nowMs() / 1000);
  }

  issue(clientId: string, scopes: readonly string[]): string {
    return this.issueToken(clientId, scopes).token;
  }

  issueToken(clientId: string, scopes: readonly string[], issuer = this.issuer): Issued {
    const issuedMs = this.nowMs();
    const now = Math.floor(issuedMs / 1000);
    const iat = now - (this.idp?.backdateSeconds ?? 0);
    const exp = now + TOKEN_LIFETIME_SECONDS;
    const claims: JwtClaims = {
      iss: issuer,
      sub: clientId,
      aud: this.idp === null ? 'hrcore-learning-v3' : 'api://hrcore-learning-v3',
      scope: scopes.join(' '),
      iat,
      ...(this.withExp ? { exp } : {}),
      jti: randomUUID(),
      ...(this.idp === null ? {} : { nbf: iat }),
    };
    const extra: JsonObject =
      this.idp === null
        ? {}
        : {
            ver: '2.0',
            tid: this.idp.tenantId,
            azp: clientId,
            azpacr: '1',
            appid: clientId,
            oid: randomUUID(),
            roles: [...scopes],
            typ: 'Bearer',
            uti: randomBytes(16).toString('base64url').slice(0, 22),
          };
    return { token: signJwt(claims, this.key, extra), issuedMs, exp };
  }

  check(token: string): JwtCheck {
    return verifyJwt(token, this.key, this.nowSeconds());
  }
}

export function grantsScope(claims: JwtClaims, scope: string): boolean {
  return claims.scope.split(' ').includes(scope);
}
