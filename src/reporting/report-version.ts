/** The version of the shape of reports/conformance.json; a baseline of another version is refused (src/reporting/gate/baseline.ts). */
export const REPORT_SCHEMA_VERSION = 2 as const;
