/**
 * A lean run (CONFORMANCE_LEAN=1: the fault run, the bench, the integration tests' runs) writes only
 * conformance.json: no Allure results, HAR or JUnit (playwright.config.ts), so `npm start` prepares no
 * Allure report (src/cli/start.ts), and no worker sends an exchange step, an Allure label or a
 * parameter (specs/kit/lean.ts). One definition for the three.
 */
export function isLeanRun(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.CONFORMANCE_LEAN === '1';
}
