/** `npm run report`: (re)builds the Allure HTML report from reports/allure-results. */
import { buildAllureReport } from './allure-html';
import { noOptions } from './help';

noOptions('report');

const dir = process.env.CONFORMANCE_REPORTS_DIR ?? 'reports';
void buildAllureReport(`${dir}/allure-results`, `${dir}/allure-report`).then((built) => {
  if (!built) {
    console.error(`No Allure report: run the suite first (npm start) so that ${dir}/allure-results exists.`);
    process.exit(1);
  }
  console.log(`${dir}/allure-report/index.html`);
});
