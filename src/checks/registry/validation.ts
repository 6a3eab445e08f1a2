/** validation: input a sentence says is invalid is refused. */
import { defineCheck } from '../define';

export default defineCheck({
  name: 'validation',
  summary: 'input that a sentence of the document says is invalid is refused',
  cites: [
    'rm.rule.',
    'rm.error.422',
    'rm.op.',
    'rm.write.',
    'hr.rule.',
    'hr.bu.',
    'hr.employee.externalId',
    'hr.position.externalId',
    'hr.position.name',
    'hr.state.bu-archive-refused',
    'v3.error.validation',
    'learning.msg.',
    'learning.op.put',
    'learning.provider',
    'learning.owner',
    'learning.accessLevel',
    'learning.title',
  ],
});
