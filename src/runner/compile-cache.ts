/**
 * The V8 code cache preload (compile-cache-hook.cjs) for the processes of a run: `preloadCompileCache`
 * returns an environment whose NODE_OPTIONS requires the hook, so a spawned Playwright runner, and
 * every worker it forks with that environment, skip compiling the modules an earlier run compiled.
 */
import { join } from 'node:path';

export const COMPILE_CACHE_HOOK = join(__dirname, 'compile-cache-hook.cjs');

/** NODE_OPTIONS quotes a value with spaces in double quotes, escaping `"` and `\` with `\`. */
export const quoted = (value: string): string => (/[\s"\\]/.test(value) ? `"${value.replace(/["\\]/g, '\\$&')}"` : value);

/** `env` with the hook added to NODE_OPTIONS (once), unless CONFORMANCE_COMPILE_CACHE=0. */
export function preloadCompileCache(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (env.CONFORMANCE_COMPILE_CACHE === '0') return env;
  const options = env.NODE_OPTIONS ?? '';
  if (options.includes(COMPILE_CACHE_HOOK)) return env;
  return { ...env, NODE_OPTIONS: `${options} --require ${quoted(COMPILE_CACHE_HOOK)}`.trim() };
}
