/** The release gate's public names (see the top of classify.ts for how a run uses them). */
export { loadBaseline, suiteIdentity, majorMinor, REPORT_SCHEMA_VERSION, type Baseline, type RunIdentity } from './baseline';
export {
  gate,
  matches,
  isExpired,
  verdictOf,
  type ExpectedFailure,
  type ExpiredExpectation,
  type GateOptions,
  type GateResult,
  type GateVerdict,
  type UnusedExpectation,
} from './classify';
export { diffReports, renderDiffMarkdown, type ReportDiff, type CellChange, type ObservationChange } from './diff';
export {
  loadExpectations,
  checkExpectations,
  todayUtc,
  EXPECTATIONS_SCHEMA_FILE,
  type Expectation,
  type Expectations,
  type ExpectationContext,
} from './expectations';
export { failureKey, keyString, describeKey, type FailureKey } from './failure-key';
export { gateInputsFromEnv, type GateInputs } from './inputs';
export { readReportFile, parseReport, type ReadReport } from './read-report';
export { renderGateMarkdown, gateConsoleLines, gateVerdict, gateCounts } from './render';
export { configuredApis, NOT_CONFIGURED, type GateReport, type GateFailure, type GateTest, type GateOperation } from './types';
