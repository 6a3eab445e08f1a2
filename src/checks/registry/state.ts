/** state: what a successful write did is visible afterwards, and what it did not touch is kept. */
import { defineCheck } from '../define';

export default defineCheck({
  name: 'state',
  summary: 'a successful write is visible afterwards, and what it did not touch keeps its value',
  cites: [
    'rm.op.',
    'rm.candidate.',
    'rm.state.',
    'hr.rule.',
    'hr.state.',
    'learning.rule.',
    'learning.state.',
    'learning.aggregateId',
    'learning.op.put',
  ],
});
