/**
 * How the v3 reference server answers: JSON bodies, HR core write successes, validation refusals
 * and auth refusals, with the variants where 001 is silent (success statuses and bodies of the HR
 * core writes, error status and body format: 001 §4 Gaps, §7.4) and the faults that break them.
 */
import type { Ctx } from '../http-kit';
import { send } from '../http-kit';
import {
  aspNetBody,
  aspNetBodyRequired,
  aspNetEmpty,
  drfBody,
  expressValidatorBody,
  fastApiBody,
  goValidatorBody,
  joiBody,
  statusText,
  laravelBody,
  problemTitleOnly,
  springBody,
  springGeneric,
  type Shaped,
} from './error-bodies';
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

let written = 0;

/** A successful HR core write. Default: 200 {externalId, status: created|updated|archived}. */
export function hrWritten(ctx: Ctx, intent: Intent, externalId: string, extra: Record<string, string> = {}): void {
  const b = ctx.behaviour;
  if (on(b, 'hr.variant.write-204')) return send(ctx, 204);
  // A success that says what it did in a `detail` member (and an id of the platform's own).
  if (on(b, 'hr.variant.write-detail')) return json(ctx, 200, { id: (written += 1), detail: `${intent}d` });
  if (on(b, 'hr.variant.write-200-empty')) return send(ctx, 200);
  if (on(b, 'hr.variant.write-202')) return json(ctx, 202, { externalId, ...extra, status: 'accepted' });
  const status = intent === 'create' && on(b, 'hr.variant.write-201-on-create') ? 201 : 200;
  // A note of what the server did beside the outcome (001 §2: omitted access fields take defaults from the system configuration).
  if (on(b, 'hr.variant.write-notes'))
    return json(ctx, status, {
      externalId,
      ...extra,
      status: `${intent}d`,
      messages: ['access.primaryTeamExternalId missing: the default team of the system configuration was applied'],
    });
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
  if (!notFound && api === 'hr' && on(b, 'hr.position.refused-in-envelope') && errors.some((e) => e.field === 'businessUnit'))
    return json(ctx, 200, { result: { errors } });
  // The fault carries the refusal's status in the body of a 200, with nothing but its reason phrase.
  if (!notFound && api === 'hr' && on(b, 'hr.position.refused-200-code') && errors.some((e) => e.field === 'businessUnit'))
    return json(ctx, 200, { code: 400, message: 'Bad Request', data: null });
  if (!notFound && api === 'hr' && on(b, 'hr.position.business-unit-required-in-body') && errors.some((e) => e.field === 'businessUnit'))
    return json(ctx, 200, { success: false, message: errors[0]?.message ?? 'businessUnit is required' });
  if (on(b, api === 'hr' ? 'hr.write.no-validation-message' : 'learning.validation.no-message')) return send(ctx, status);
  const generic = notFound ? null : genericEnvelope(ctx, api, errors, status);
  if (generic) return shaped(ctx, generic);
  const shown = api === 'learning' && on(b, 'learning.msg.generic') ? [{ message: 'Bad Request' }] : errors;
  const messages = shown.map((e) => e.message);
  // Refusals answered 200 with the refusal in an envelope or flagged in another language (001 §7.1, §7.4).
  if (!notFound && api === 'hr' && on(b, 'hr.variant.validation-200-data-envelope'))
    return json(ctx, 200, { data: { success: false, message: messages.join('; '), errors: shown } });
  if (!notFound && api === 'hr' && on(b, 'hr.variant.validation-200-german'))
    return json(ctx, 200, { erfolg: false, fehler: shown.map((e) => ({ ...(e.field ? { feld: e.field } : {}), meldung: e.message })) });
  if (!notFound && api === 'learning' && on(b, 'learning.variant.validation-200-result-errors'))
    return json(ctx, 200, { result: { errors: shown } });
  // The HTTP status in the body of a 200, the messages in Chinese naming the field ("<field> 校验失败": validation of <field> failed),
  // those about no one field as written.
  if (!notFound && api === 'hr' && on(b, 'hr.variant.validation-200-code'))
    return json(ctx, 200, { code: 400, msg: shown.map((e) => (e.field ? `${e.field} 校验失败` : e.message)).join('; '), data: null });
  // Each 001 §7.2 message inside a sentence of the server's own.
  if (!notFound && api === 'learning' && on(b, 'learning.variant.messages-wrapped'))
    return json(ctx, status, {
      errors: shown.map((e, i) => ({
        code: `LRN-${4001 + i}`,
        message: `Validation error: ${e.message}${e.field ? ` (field ${e.field})` : ''}.`,
      })),
    });
  if (!notFound && api === 'hr' && on(b, 'hr.variant.messages-german')) return json(ctx, status, { message: shown.map(german).join(' ') });
  const framework = notFound ? null : frameworkBody(ctx, api, shown);
  if (framework) return shaped(ctx, framework);
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

/** A message of this server as a German-speaking one words it (the field named where the English names it). */
function german(e: FieldError): string {
  const unit = /^Business unit ("[^"]*")(?: \(level \d\))? cannot be archived/.exec(e.message);
  if (unit)
    return `Die Geschäftseinheit ${unit[1] ?? ''} kann nicht archiviert werden: untergeordnete Geschäftseinheiten verweisen noch auf sie.`;
  if (/ is required to create /.test(e.message)) return `Das Feld ${e.field ?? ''} ist beim Anlegen erforderlich.`;
  if (/needs externalId and at least one other field/.test(e.message))
    return 'Eine Änderung braucht externalId und mindestens ein weiteres Feld.';
  return e.field ? `${e.field}: ungültiger Wert (${e.message}).` : e.message;
}

/** Answers a shaped body: JSON (of its media type) or text. */
function shaped(ctx: Ctx, body: Shaped): void {
  if (typeof body.body === 'string') return send(ctx, body.status, body.body, `${body.mediaType ?? 'text/plain'}; charset=utf-8`);
  json(ctx, body.status, body.body, {}, body.mediaType);
}

/** A framework's error body, under the variants that answer every v3 validation refusal with one; null otherwise. */
function frameworkBody(ctx: Ctx, api: V3Api, errors: readonly FieldError[]): Shaped | null {
  const b = ctx.behaviour;
  if (on(b, 'hr.variant.error-spring'))
    return springBody(errors, ctx.url.pathname, api === 'hr' ? 'hrCoreWriteRequest' : 'activityRequest');
  if (on(b, 'hr.variant.error-drf')) return drfBody(errors);
  if (on(b, 'hr.variant.error-aspnet')) return aspNetBody(errors);
  if (on(b, 'hr.variant.error-laravel')) return laravelBody(errors);
  if (on(b, 'hr.variant.error-express-validator')) return expressValidatorBody(errors, ctx.body);
  if (on(b, 'hr.variant.error-fastapi')) return fastApiBody(errors, ctx.body);
  if (api === 'hr' && on(b, 'hr.variant.error-joi')) return joiBody(errors);
  if (api === 'hr' && on(b, 'hr.variant.error-go-validator')) return goValidatorBody(errors, ctx.url.pathname);
  return null;
}

/** The generic envelope a fault answers instead of a validation message (no field, no rule: a status and its reason phrase); null otherwise. */
function genericEnvelope(ctx: Ctx, api: V3Api, errors: readonly FieldError[], status: number): Shaped | null {
  const b = ctx.behaviour;
  if (api === 'hr' && on(b, 'hr.write.error-generic-spring')) return springGeneric(status, ctx.url.pathname);
  if (api === 'hr' && on(b, 'hr.write.error-problem-title-only')) return problemTitleOnly(status);
  if (api === 'hr' && on(b, 'hr.write.error-status-text')) return statusText();
  if (api === 'hr' && on(b, 'hr.write.error-body-required-generic')) return aspNetBodyRequired();
  const requiredOnly = errors.length > 0 && errors.every((e) => / is required to create /.test(e.message));
  if (api === 'learning' && requiredOnly && on(b, 'learning.validation.required-generic-envelope')) return aspNetEmpty();
  return null;
}

/** The auth-scheme of the API's challenges: "Bearer" (RFC 6750 §3); the fault names the OAuth drafts' "OAuth". */
const challengeScheme = (ctx: Ctx): string => (on(ctx.behaviour, 'hr.token.api-challenge-oauth-scheme') ? 'OAuth' : 'Bearer');

/** 401 for a missing or invalid bearer token (RFC 6750 §3). */
export function unauthorized(ctx: Ctx, description: string, tokenSent: boolean): void {
  // A gateway's validate-jwt answers a token that does not validate 403, no token 401, each with a Bearer challenge.
  if (on(ctx.behaviour, 'hr.variant.auth-gateway-403')) {
    const status = tokenSent ? 403 : 401;
    const message = tokenSent ? 'Invalid JWT.' : 'Access denied due to missing or invalid token.';
    const challenge = tokenSent ? 'Bearer error="invalid_token"' : 'Bearer realm="v3"';
    return json(ctx, status, { statusCode: status, message }, { 'www-authenticate': challenge });
  }
  const scheme = challengeScheme(ctx);
  const challenge = tokenSent ? `${scheme} realm="v3", error="invalid_token", error_description="${description}"` : `${scheme} realm="v3"`;
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
    { 'www-authenticate': `${challengeScheme(ctx)} realm="v3", error="insufficient_scope", scope="${scope}"` },
  );
}
