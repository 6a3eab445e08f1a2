/**
 * HR core and Learning v3 in the reference server (001_a9e2e7eab7c908bd.txt): the token endpoint
 * (mounted at /oauth/token), and under /v3/<tenant> the HR core writes (employee, business units
 * level 1-4, position, employee by reference id) and the learning activity write. Stateful, in
 * memory, filled from reference-data/v3-starting-records.json and identity.json.
 */
import type { ServerResponse } from 'node:http';
import type { Behaviour } from '../behaviour';
import { Router, type Ctx } from '../http-kit';
import type { ApiModule } from '../module';
import { admit, areaOf } from './guard';
import { businessUnitHandler } from './hrcore/business-unit';
import { employeeHandler } from './hrcore/employee';
import { positionHandler } from './hrcore/position';
import { employeeReferenceHandler } from './hrcore/reference';
import { HrStore, LEVELS } from './hrcore/store';
import { activityHandler, LearningStore } from './learning/activity';
import { isObject } from './json';
import { json, refuse } from './respond';
import { on } from '../switches';
import { loadV3StartingRecords } from './starting-records';
import { tokenEndpoint } from './token-endpoint';
import { registeredClients, TokenService } from './tokens';

export interface V3Options {
  /** The clock (ms), for tests of token expiry. */
  now?: () => number;
}

export function createV3Module(behaviour: Behaviour, tenant: string, options: V3Options = {}): ApiModule {
  const records = loadV3StartingRecords();
  const tokens = new TokenService(
    behaviour,
    registeredClients(tenant, records.tokenService.otherClientTenant),
    records.tokenService.issuer,
    options.now,
  );
  const hr = new HrStore(records);
  const learning = new LearningStore(records.learning);
  const token = tokenEndpoint(tokens);

  const router = new Router()
    .on('PUT', '/hrcore/employee', employeeHandler(hr, records.hrDefaults))
    .on('PUT', '/hrcore/position', positionHandler(hr))
    .on('PUT', '/employee/{employeeId}', employeeReferenceHandler(hr))
    .on('PUT', '/learning/activities/externalId/{externalId}', activityHandler(learning));
  for (const level of LEVELS) router.on('PUT', `/hrcore/business-unit/level${level}`, businessUnitHandler(hr, level));

  const route = (ctx: Ctx): ReturnType<Router['match']> | 'badPath' => {
    try {
      return router.match(ctx.method, ctx.path);
    } catch {
      return 'badPath';
    }
  };

  return {
    async handle(ctx) {
      if (ctx.path === '/oauth/token') return token(ctx);
      if (bodyBeforeToken(ctx)) return;
      // The faults run a write sent without a token before refusing it (401): what it stored stays.
      if (!ctx.req.headers.authorization && writesWithoutToken(ctx)) {
        const early = route(ctx);
        if (early && typeof early === 'object') await early.handler({ ...ctx, res: DISCARDED, params: early.params });
      }
      if (!admit(ctx, tokens, tenant)) return;
      const match = route(ctx);
      if (match === 'badPath') return json(ctx, 400, { message: 'The path is not correctly percent-encoded' });
      if (match === null) return json(ctx, 404, { message: `No operation at ${ctx.path}` });
      if (match === 'methodNotAllowed') {
        ctx.res.setHeader('allow', 'PUT');
        return json(ctx, 405, { message: `${ctx.method} is not allowed here; use PUT` });
      }
      await match.handler({ ...ctx, params: match.params });
    },
    snapshot: () => ({ ...hr.snapshot(), activities: learning.snapshot() }),
  };
}

/** A response nobody reads: where the faults send the answer of a write they run before refusing it. */
const DISCARDED = { setHeader: () => undefined, writeHead: () => DISCARDED, end: () => undefined } as unknown as ServerResponse;

/** The faults that run a write sent without a token (and then refuse it for want of one). */
function writesWithoutToken(ctx: Ctx): boolean {
  const b = ctx.behaviour;
  const area = areaOf(ctx.path);
  if (area === 'hr' && on(b, 'hr.auth.refused-write-stored')) return true;
  if (ctx.path === '/hrcore/employee' && on(b, 'hr.employee.refused-write-stored')) return true;
  return area === 'learning' && on(b, 'learning.auth.refused-write-stored');
}

/**
 * The faults that validate the body before the bearer token: a request without a token whose body
 * misses its required fields is refused for its fields (400 with the message). True when answered.
 */
function bodyBeforeToken(ctx: Ctx): boolean {
  const b = ctx.behaviour;
  if (ctx.req.headers.authorization) return false;
  const body = isObject(ctx.body) ? ctx.body : {};
  const area = areaOf(ctx.path);
  if (area === 'hr' && on(b, 'hr.auth.body-checked-before-token') && typeof body.externalId !== 'string') {
    refuse(ctx, 'hr', [{ field: 'externalId', message: 'externalId is required' }]);
    return true;
  }
  if (area === 'learning' && on(b, 'learning.auth.body-checked-before-token') && typeof body.title !== 'string') {
    refuse(ctx, 'learning', [{ field: 'title', message: 'title is required to create an activity' }]);
    return true;
  }
  return false;
}
