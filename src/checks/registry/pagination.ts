/** pagination: numeric pages honour per_page and do not overlap. */
import { defineCheck } from '../define';

export default defineCheck({
  name: 'pagination',
  summary: 'numeric pagination: a page holds at most per_page records, and pages neither overlap nor skip',
  cites: ['rm.query.page', 'rm.query.per_page'],
});
