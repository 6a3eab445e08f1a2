/** include: included records are the ones the relationships point at. */
import { defineCheck } from '../define';

export default defineCheck({
  name: 'include',
  summary: "include embeds the related records, relationships point at them, and a candidate's relationship names the records it has",
  cites: ['rm.include.', 'rm.query.include', 'rm.layout.relationship', 'rm.candidate.relationships', 'rm.candidate.rel.'],
});
