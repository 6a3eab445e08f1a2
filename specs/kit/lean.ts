import { isLeanRun } from '../../src/runner/lean';

/** A lean run (src/runner/lean.ts): no report shows an exchange, a step, an Allure label or parameter, so none is sent from a worker. */
export const LEAN = isLeanRun();
