/** token: the client-credentials token response (RFC 6749 §5.1) and the token's 300-second life. */
import { defineCheck } from '../define';

export default defineCheck({
  name: 'token',
  summary: 'the token endpoint issues a bearer token by the client credentials grant, living 300 seconds',
  cites: ['v3.auth.token', 'v3.auth.lifetime', 'v3.limit.token-lifetime'],
});
