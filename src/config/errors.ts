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
