/** access-level: the access-level moves of 001 §3 and their messages of §7. */
import { defineCheck } from '../define';

export default defineCheck({
  name: 'access-level',
  summary: 'orgwide stays orgwide, public and private never become orgwide, each refusal with its message',
  cites: ['learning.state.access-levels', 'learning.msg.from-orgwide', 'learning.msg.to-orgwide', 'learning.content', 'learning.code'],
});
