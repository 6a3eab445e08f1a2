/** membership: static list membership moves of 000 §3, and the list and candidate show them. */
import { defineCheck } from '../define';

export default defineCheck({
  name: 'membership',
  summary: 'static list membership: 201 when added, 200 when already a member, 204 when removed, and reads agree',
  cites: [
    'rm.state.list-add',
    'rm.state.list-readd',
    'rm.state.list-remove',
    'rm.list.fields',
    'rm.op.list-candidates.add',
    'rm.op.list-candidates.remove',
  ],
});
