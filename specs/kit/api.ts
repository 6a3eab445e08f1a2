/** The value of the `api` fixture (./fixtures.ts), in a module of its own so helpers the fixtures use can name it. */
import type { ApiName } from '../../contract/catalogue/types';
import type { Target } from '../../src/config/target';
import type { ApiClient } from '../../src/http/client';
import type { Cleanup } from '../../src/runner/cleanup';
import type { ObservationCategory } from '../../src/reporting/observations';

/** What a spec helper works with: one API's client, the target, the clean-up registry and the observer. */
export interface Api {
  api: ApiName;
  client: ApiClient;
  target: Target;
  cleanup: Cleanup;
  observe: (category: ObservationCategory, subject: string, value: string) => void;
}
