/** auth-enforced: missing, wrong or foreign credentials are refused. */
import { defineCheck } from '../define';

export default defineCheck({
  name: 'auth-enforced',
  summary:
    'a request without valid credentials (none, forged, or a token past its life) is refused (RM: 401; v3: 401 or 403, RFC 6750 §3.1)',
  cites: [
    'rm.auth.401',
    'rm.auth.required',
    'rm.auth.key-secret',
    'rm.error.401',
    'v3.auth.token',
    'v3.auth.lifetime',
    'learning.auth.scope',
  ],
});
