/** filter-cap: numeric pagination with a filter beyond the record cap answers 400. */
import { defineCheck } from '../define';

export default defineCheck({
  name: 'filter-cap',
  summary: 'numeric pagination combined with a filter beyond the record cap answers 400; cursor pagination avoids it',
  cites: ['rm.query.filter-cap', 'rm.error.400', 'rm.limit.cap'],
});
