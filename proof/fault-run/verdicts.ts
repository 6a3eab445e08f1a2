/**
 * Verdicts of the fault run: a fault is caught when the suite fails and at least one failure
 * names the fault's declared check; a variant passes when the suite passes.
 */
import type { FaultEntry, VariantEntry } from './fault-audit';
import type { SuiteRun } from './run-suite';

export interface FaultVerdict {
  name: string;
  api: string;
  /** The clause id the fault breaks (contract/clauses/registry.ts). */
  clause: string;
  expectedCheck: string;
  caught: boolean;
  /** The check that failed: the declared one when it fired, else the first that did. */
  check: string;
  /** Every check that failed in the run. */
  checks: string[];
  seconds: number;
  note?: string;
}

export interface VariantVerdict {
  name: string;
  api: string;
  /** The clause id whose silence makes the variant lawful. */
  clause: string;
  passed: boolean;
  seconds: number;
  failures?: string[];
}

export function faultVerdict(fault: FaultEntry, run: SuiteRun): FaultVerdict {
  const failures = run.report?.failures ?? [];
  const checks = [...new Set(failures.map((f) => f.check))].sort();
  const caught = run.exitCode === 1 && checks.includes(fault.expectedCheck);
  const base = {
    name: fault.name,
    api: fault.api,
    clause: fault.clause,
    expectedCheck: fault.expectedCheck,
    checks,
    seconds: round(run.seconds),
  };
  if (caught) return { ...base, caught, check: fault.expectedCheck };
  const note =
    run.exitCode === 0
      ? 'escaped: the suite passed'
      : run.exitCode === 1
        ? `failed, but not by ${fault.expectedCheck}`
        : `the run could not start (exit ${run.exitCode}): ${run.tail.split('\n').slice(-2).join(' ')}`;
  return { ...base, caught: false, check: checks[0] ?? '-', note };
}

export function variantVerdict(variant: VariantEntry, run: SuiteRun): VariantVerdict {
  const passed = run.exitCode === 0;
  const failures = (run.report?.failures ?? []).map((f) => `[${f.check}] ${f.test}: ${f.message.slice(0, 200)}`);
  return {
    name: variant.name,
    api: variant.api,
    clause: variant.clause,
    passed,
    seconds: round(run.seconds),
    ...(passed ? {} : { failures: failures.length ? failures : [`exit ${run.exitCode}: ${run.tail}`] }),
  };
}

function round(seconds: number): number {
  return Math.round(seconds * 10) / 10;
}
