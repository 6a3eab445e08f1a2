/** no-trace: a refused write leaves nothing behind. */
import { defineCheck } from '../define';

export default defineCheck({
  name: 'no-trace',
  summary: 'a refused write leaves no trace (the file is not attached, the rejected record is not created)',
  cites: [
    'rm.rule.file-refused',
    'rm.error.422',
    'rm.op.candidate-files.create',
    'learning.state.access-levels',
    'hr.state.bu-archive-refused',
  ],
});
