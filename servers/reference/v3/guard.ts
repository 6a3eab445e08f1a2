/**
 * Bearer tokens at the v3 API (001 §5): every operation needs a valid token issued for this tenant
 * (401 otherwise: none, malformed, bad signature, expired, another tenant's client: a choice, since
 * 001 issues credentials per environment and says nothing of tenants); the HR core
 * operations also need the scope Public.HrCore.Write (403 otherwise). The scope of the learning
 * operations is not shown (001 §5.5), so any valid token of this tenant serves them.
 */
import type { Ctx } from '../http-kit';
import { on } from '../switches';
import { insufficientScope, json, unauthorized } from './respond';
import { HR_WRITE_SCOPE, type TokenService } from './tokens';

export type Area = 'hr' | 'learning' | 'other';

export function areaOf(path: string): Area {
  if (path.startsWith('/hrcore/') || path.startsWith('/employee/')) return 'hr';
  if (path.startsWith('/learning/')) return 'learning';
  return 'other';
}

/** True when the request may go on; otherwise the refusal has been sent. */
export function admit(ctx: Ctx, tokens: TokenService, tenant: string): boolean {
  const b = ctx.behaviour;
  const area = areaOf(ctx.path);
  const header = ctx.req.headers.authorization;
  if (!header) {
    if (area === 'hr' && on(b, 'hr.auth.token-not-required')) return true;
    if (ctx.path.startsWith('/employee/') && on(b, 'hr.auth.reference-no-token-404')) {
      json(ctx, 404, { message: `No operation at ${ctx.path}` });
      return false;
    }
    if (area === 'learning' && on(b, 'learning.auth.token-not-required')) return true;
    unauthorized(ctx, 'A bearer access token is required', false);
    return false;
  }
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!m) {
    unauthorized(ctx, 'The Authorization header must carry a bearer token', true);
    return false;
  }
  const verified = tokens.verify(m[1] ?? '', !(area === 'learning' && on(b, 'learning.auth.signature-not-verified')));
  if (!verified.ok && on(b, 'hr.auth.any-bearer-accepted')) return true;
  if (!verified.ok) {
    unauthorized(ctx, verified.reason, true);
    return false;
  }
  const { grant } = verified;
  if (grant.tenant !== tenant) {
    unauthorized(ctx, 'The access token was not issued for this tenant', true);
    return false;
  }
  // The any-write-scope fault asks only for some write permission, not for Public.HrCore.Write.
  const anyWrite = on(b, 'hr.scope.any-write-scope-accepted') && [...grant.scopes].some((s) => s.endsWith('.Write'));
  if (area === 'hr' && !grant.scopes.has(HR_WRITE_SCOPE) && !on(b, 'hr.scope.not-enforced') && !anyWrite) {
    insufficientScope(ctx, HR_WRITE_SCOPE);
    return false;
  }
  return true;
}
