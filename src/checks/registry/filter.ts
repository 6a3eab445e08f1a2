/** filter: each filter selects what its row of 000 §4 Filters says. */
import { defineCheck } from '../define';

export default defineCheck({
  name: 'filter',
  summary: 'a filter selects exactly the records its row of the Filters table describes',
  cites: ['rm.filter.', 'rm.query.filter', 'rm.live-jobs', 'rm.op.jobs.list'],
});
