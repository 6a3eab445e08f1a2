// Allure 3 report configuration: one self-contained index.html that opens from disk.
// CONFORMANCE_HISTORY=<file> (opt-in): the history file Allure reads for trends and appends each build to.
import process from 'node:process';

const history = process.env.CONFORMANCE_HISTORY?.trim();

export default {
  name: 'API conformance',
  output: './reports/allure-report',
  ...(history ? { historyPath: history } : {}),
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
