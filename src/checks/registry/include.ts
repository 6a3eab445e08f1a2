/** include: included records are the ones the relationships point at. */
import { defineCheck } from '../define';

export default defineCheck({
  name: 'include',
  summary: 'include embeds the related records, and relationships point at them',
  cites: ['rm.include.', 'rm.query.include', 'rm.layout.relationship'],
});
