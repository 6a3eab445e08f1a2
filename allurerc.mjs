// Allure 3 report configuration: one self-contained index.html that opens from disk.
// CONFORMANCE_HISTORY=<file> (opt-in): the history file Allure reads for trends and appends each build to;
// it keeps the last HISTORY_RUNS runs (each run adds every test's result, ~450 KB here), so it stays bounded.
import process from 'node:process';

const history = process.env.CONFORMANCE_HISTORY?.trim();
export const HISTORY_RUNS = 10;

export default {
  name: 'API conformance',
  output: './reports/allure-report',
  ...(history ? { historyPath: history } : {}),
  historyLimit: HISTORY_RUNS,
  plugins: {
    awesome: {
      options: {
        singleFile: true,
        reportName: 'API conformance',
        groupBy: ['epic', 'feature', 'story'],
      },
    },
  },
};
