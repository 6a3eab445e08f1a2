/** setup: a documented request the test needs first (creating the record it works on) succeeded. */
import { defineCheck } from '../define';

export default defineCheck({
  name: 'setup',
  summary: 'a documented request the test builds on (creating its own record) succeeds',
  cites: ['rm.op.', 'rm.layout.resource', 'hr.op.', 'learning.op.put', 'v3.auth.token'],
});
