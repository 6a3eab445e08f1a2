/**
 * A lean run (the fault run, the bench: CONFORMANCE_LEAN=1) writes only conformance.json: no
 * report shows an exchange, a step, an Allure label or parameter, so none is sent from a worker.
 */
export const LEAN = process.env.CONFORMANCE_LEAN === '1';
