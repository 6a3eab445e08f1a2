/**
 * HR core and Learning v3 in the reference server (001_a9e2e7eab7c908bd.txt): the token endpoint
 * (mounted at /oauth/token), and under /v3/<tenant> the HR core writes (employee, business units
 * level 1-4, position, employee by reference id) and the learning activity write. Stateful, in
 * memory, filled from reference-data/v3-starting-records.json and identity.json.
 */
import type { Behaviour } from '../behaviour';
import { Router, type Ctx } from '../http-kit';
import type { ApiModule } from '../module';
import { admit } from './guard';
import { businessUnitHandler } from './hrcore/business-unit';
import { employeeHandler } from './hrcore/employee';
import { positionHandler } from './hrcore/position';
import { employeeReferenceHandler } from './hrcore/reference';
import { HrStore, LEVELS } from './hrcore/store';
import { activityHandler, LearningStore } from './learning/activity';
import { json } from './respond';
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
