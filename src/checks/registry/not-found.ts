/** not-found: an addressed record that does not exist answers 404 (000 §7). */
import { defineCheck } from '../define';

export default defineCheck({
  name: 'not-found',
  summary: 'an addressed record that does not exist answers 404',
  cites: ['rm.error.404', 'rm.op.'],
});
