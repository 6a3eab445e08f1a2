/**
 * The V8 code cache of a run's processes. Node (>= 22.1) keeps a code cache for every module it loads
 * when NODE_COMPILE_CACHE names a folder; every process of a run (the Playwright runner and each worker
 * it forks) inherits the variable, so none compiles again what an earlier run compiled (Playwright's
 * bundles, undici, ajv, fast-check and our TypeScript after its transform: ~0.15-0.3 CPU-s a process).
 * CONFORMANCE_COMPILE_CACHE=0 turns it off; CONFORMANCE_COMPILE_CACHE_DIR moves it. Node 20, which has
 * no such cache, runs the same without one.
 */
import { join } from 'node:path';

/** Where the cache lives unless CONFORMANCE_COMPILE_CACHE_DIR says: beside the suite's own dependencies. */
export const DEFAULT_COMPILE_CACHE_DIR = join(__dirname, '..', '..', 'node_modules', '.cache', 'conformance-compile-cache');

/** `env` with NODE_COMPILE_CACHE set to the suite's cache, unless it is turned off or already set. */
export function withCompileCache(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (env.CONFORMANCE_COMPILE_CACHE === '0' || env.NODE_COMPILE_CACHE) return env;
  return { ...env, NODE_COMPILE_CACHE: env.CONFORMANCE_COMPILE_CACHE_DIR?.trim() || DEFAULT_COMPILE_CACHE_DIR };
}
