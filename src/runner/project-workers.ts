/**
 * How many workers each API's project may use. Playwright starts a worker per project (its worker
 * hash includes the project), and two free workers both take the head of the queue: with three
 * projects and two workers, both switch project twice, and a run starts six workers (~0.8 CPU-s
 * each) where three would do. Capped at one worker per project, one worker runs RM while the other
 * runs HR then Learning. The cap holds only for the default whole-suite run: `--project`,
 * `--workers`/`-j` or CONFORMANCE_WORKERS lift it, so a chosen project or width gets every worker.
 */
const CHOSEN = /^(--project|--workers)(=|$)|^-j/;

export function projectWorkerCap(argv: readonly string[], env: NodeJS.ProcessEnv): number | undefined {
  if (env.CONFORMANCE_WORKERS) return undefined;
  return argv.some((arg) => CHOSEN.test(arg)) ? undefined : 1;
}
