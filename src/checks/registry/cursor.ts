/** cursor: next_cursor walks every record once and ends. */
import { defineCheck } from '../define';

export default defineCheck({
  name: 'cursor',
  summary: 'cursor pagination: meta.next_cursor visits every record once and ends when no records are left',
  cites: ['rm.query.cursor'],
});
