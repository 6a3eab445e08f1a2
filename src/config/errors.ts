/**
 * A configuration or start-up problem: the run cannot start. INTERFACE.md gives it exit status 2
 * and one clear message saying what to fix.
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(message: string) {
    super(message);
  }
}

/** Exit status of a run that could not start (INTERFACE.md). */
export const EXIT_CANNOT_START = 2;

/** One ConfigError for every problem found: one line for one, a line each (after a heading) for several. */
export function configError(problems: readonly string[]): ConfigError {
  return new ConfigError(
    problems.length === 1
      ? `Configuration error: ${problems[0] ?? ''}`
      : `Configuration errors (${problems.length}):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
  );
}
