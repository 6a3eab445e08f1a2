export { defineReadings, type Reading, type ReadingsEntry, type AnyReadingsEntry } from './types';
export { judgeReadings, readingName, readingsFailure, type ReadingJudgement } from './judge';
export { READINGS, readingsEntry } from './registry';
export {
  declaredReading,
  NO_STATEMENT,
  parseStatement,
  setStatementInForce,
  STATEMENT_RECORDS,
  type Statement,
  type StatementRecord,
} from './statement';
