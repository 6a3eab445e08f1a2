/** hierarchy: business unit parents and the archive refusal of 001 §3. */
import { defineCheck } from '../define';

export default defineCheck({
  name: 'hierarchy',
  summary: 'a business unit names its parent, and one still referenced by a lower level cannot be archived',
  cites: ['hr.bu.', 'hr.state.bu-archive', 'hr.state.bu-archive-refused'],
});
