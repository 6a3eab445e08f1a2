/**
 * The token service: issues HS256 JWTs that live 300 seconds (exp = iat + 300) carrying the granted scopes,
 * and checks bearer tokens. The signing key is random per persona instance.
 * Document part 5 items 1-3 ("Tokens live 300 seconds"), part 8; RFC 7519.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { signJwt, verifyJwt, type JwtCheck, type JwtClaims } from './jwt';
import { TOKEN_LIFETIME_SECONDS } from './seed';

export class TokenService {
  private readonly key: Buffer = randomBytes(32);

  constructor(
    private readonly issuer: string,
    private readonly nowMs: () => number = () => Date.now(),
  ) {}

  private nowSeconds(): number {
    return Math.floor(this.nowMs() / 1000);
  }

  issue(clientId: string, scopes: readonly string[]): string {
    const iat = this.nowSeconds();
    const claims: JwtClaims = {
      iss: this.issuer,
      sub: clientId,
      aud: 'hrcore-learning-v3',
      scope: scopes.join(' '),
      iat,
      exp: iat + TOKEN_LIFETIME_SECONDS,
      jti: randomUUID(),
    };
    return signJwt(claims, this.key);
  }

  check(token: string): JwtCheck {
    return verifyJwt(token, this.key, this.nowSeconds());
  }
}

export function grantsScope(claims: JwtClaims, scope: string): boolean {
  return claims.scope.split(' ').includes(scope);
}
