/**
 * The gate's inputs from the environment: CONFORMANCE_BASELINE and CONFORMANCE_EXPECTATIONS (an empty
 * variable counts as unset, INTERFACE.md). Call it at start-up: a bad file is a ConfigError (exit 2)
 * before any test runs; with both files bad, the one error names both problems.
 */
import { ConfigError } from '../config/errors';
import { loadBaseline, type Baseline, type RunIdentity } from './baseline';
import { loadExpectations, type ExpectationContext, type Expectations } from './expectations';

export interface GateInputs {
  baseline?: Baseline;
  expectations?: Expectations;
}

export function gateInputsFromEnv(env: Readonly<Record<string, string | undefined>>, run: RunIdentity & ExpectationContext): GateInputs {
  const problems: string[] = [];
  const attempt = <T>(load: () => T): T | undefined => {
    try {
      return load();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems.push(error.message);
      return undefined;
    }
  };
  const baselinePath = env.CONFORMANCE_BASELINE?.trim();
  const expectationsPath = env.CONFORMANCE_EXPECTATIONS?.trim();
  const baseline = baselinePath ? attempt(() => loadBaseline(baselinePath, run)) : undefined;
  const expectations = expectationsPath ? attempt(() => loadExpectations(expectationsPath, run)) : undefined;
  if (problems.length) throw new ConfigError(problems.join(' '));
  return { ...(baseline ? { baseline } : {}), ...(expectations ? { expectations } : {}) };
}
