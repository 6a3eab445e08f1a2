/**
 * How the v3 reference server answers: JSON bodies, HR core write successes, validation refusals
 * and auth refusals, with the variants where 001 is silent (success statuses and bodies of the HR
 * core writes, error status and body format: 001 §4 Gaps, §7.4) and the faults that break them.
 */
import type { Ctx } from '../http-kit';
import { send } from '../http-kit';
import type { FieldError } from './fields';
import { isObject } from './json';
import { on } from '../switches';
import type { Intent } from './write-rules';

export type V3Api = 'hr' | 'learning';

/** A JSON answer (media type per the json-charset variant). */
export function json(ctx: Ctx, status: number, body: unknown, headers: Record<string, string> = {}, mediaType = 'application/json'): void {
  for (const [k, v] of Object.entries(headers)) ctx.res.setHeader(k, v);
  const charset = on(ctx.behaviour, 'hr.variant.json-charset') ? '; charset=utf-8' : '';
  send(ctx, status, body, `${mediaType}${charset}`);
}

/** A successful HR core write. Default: 200 {externalId, status: created|updated|archived}. */
export function hrWritten(ctx: Ctx, intent: Intent, externalId: string, extra: Record<string, string> = {}): void {
  const b = ctx.behaviour;
  if (on(b, 'hr.variant.write-204')) return send(ctx, 204);
  if (on(b, 'hr.variant.write-200-empty')) return send(ctx, 200);
  if (on(b, 'hr.variant.write-202')) return json(ctx, 202, { externalId, ...extra, status: 'accepted' });
  const status = intent === 'create' && on(b, 'hr.variant.write-201-on-create') ? 201 : 200;
  json(ctx, status, { externalId, ...extra, status: `${intent}d` });
}

const TITLES: Record<number, string> = { 200: 'OK', 400: 'Bad Request', 404: 'Not Found', 422: 'Unprocessable Entity' };

/**
 * Refuses a request with validation messages (400; 422 under a variant) or a 404 for a record that
 * does not exist. Default body: {message, errors: [{field, message}]}.
 */
export function refuse(ctx: Ctx, api: V3Api, errors: readonly FieldError[], notFound = false): void {
  const b = ctx.behaviour;
  let status = notFound ? 404 : 400;
  if (!notFound && on(b, api === 'hr' ? 'hr.variant.validation-422' : 'learning.variant.validation-422')) status = 422;
  if (!notFound && on(b, api === 'hr' ? 'hr.variant.validation-200-envelope' : 'learning.variant.validation-200-envelope')) status = 200;
  // The faults answer a refusal as a success would be answered, and store nothing.
  if (!notFound && api === 'hr' && on(b, 'hr.write.validation-answered-200')) {
    const externalId = isObject(ctx.body) && typeof ctx.body.externalId === 'string' ? ctx.body.externalId : '';
    return json(ctx, 200, { externalId, status: 'created' });
  }
  if (!notFound && api === 'learning' && on(b, 'learning.validation-answered-200')) return send(ctx, 200);
  if (!notFound && api === 'hr' && on(b, 'hr.position.business-unit-required-in-body') && errors.some((e) => e.field === 'businessUnit'))
    return json(ctx, 200, { success: false, message: errors[0]?.message ?? 'businessUnit is required' });
  if (on(b, api === 'hr' ? 'hr.write.no-validation-message' : 'learning.validation.no-message')) return send(ctx, status);
  const shown = api === 'learning' && on(b, 'learning.msg.generic') ? [{ message: 'Bad Request' }] : errors;
  const messages = shown.map((e) => e.message);
  if (on(b, api === 'hr' ? 'hr.variant.error-text' : 'learning.variant.error-text'))
    return send(ctx, status, `${messages.join('\n')}\n`, 'text/plain; charset=utf-8');
  if (on(b, 'hr.variant.problem-json')) {
    return json(
      ctx,
      status,
      { type: 'about:blank', title: TITLES[status] ?? 'Error', status, detail: messages.join('; '), errors: shown },
      {},
      'application/problem+json',
    );
  }
  if (on(b, api === 'hr' ? 'hr.variant.error-message-only' : 'learning.variant.error-message-only'))
    return json(ctx, status, { message: messages.join('; ') });
  if (api === 'hr' && on(b, 'hr.variant.error-errors-array')) return json(ctx, status, { errors: shown });
  const message = shown.length === 1 ? (shown[0]?.message ?? '') : `${shown.length} validation errors`;
  json(ctx, status, { message, errors: shown });
}

/** 401 for a missing or invalid bearer token (RFC 6750 §3). */
export function unauthorized(ctx: Ctx, description: string, tokenSent: boolean): void {
  const challenge = tokenSent ? `Bearer realm="v3", error="invalid_token", error_description="${description}"` : 'Bearer realm="v3"';
  json(
    ctx,
    401,
    { error: tokenSent ? 'invalid_token' : 'unauthorized', error_description: description, message: description },
    on(ctx.behaviour, 'hr.auth.401-without-challenge') ? {} : { 'www-authenticate': challenge },
  );
}

/** 403 for a valid token without the scope the operation needs (RFC 6750 §3.1). */
export function insufficientScope(ctx: Ctx, scope: string): void {
  const description = `The access token lacks the scope ${scope}`;
  json(
    ctx,
    403,
    { error: 'insufficient_scope', error_description: description, message: description, scope },
    { 'www-authenticate': `Bearer realm="v3", error="insufficient_scope", scope="${scope}"` },
  );
}
