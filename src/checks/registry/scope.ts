/** scope: the token request asks for `Public.HrCore.Write`, and several scopes space-separated still grant it. */
import { defineCheck } from '../define';

export default defineCheck({
  name: 'scope',
  summary: 'the scope Public.HrCore.Write is what HR core operations need, requested alone or among several',
  cites: ['v3.auth.scope'],
});
