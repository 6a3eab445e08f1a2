// Allure 3 report configuration: one self-contained index.html that opens from disk.
export default {
  name: 'API conformance',
  output: './reports/allure-report',
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
