/**
 * The environment a Playwright run is started with by our commands (`npm start`, the fault run, the
 * bench): the V8 code cache (./compile-cache.ts), and TypeScript through Playwright's require hooks
 * alone in the runner process too (PW_TS_CJS_ONLY, patches/playwright+1.65.1.patch):
 * playwright.config.ts sets it for the workers, but the runner registers its ESM loader thread
 * before it reads the config.
 */
import { withCompileCache } from './compile-cache';

/** NODE_OPTIONS quotes a value with spaces in double quotes, escaping `"` and `\` with `\`. */
const quoted = (value: string): string => (/[\s"\\]/.test(value) ? `"${value.replace(/["\\]/g, '\\$&')}"` : value);

/**
 * Installed as a package, the suite's TypeScript (its config, specs and sources) lives under
 * node_modules, which Playwright's own transform leaves alone: tsx's require hook loads it, in the
 * runner and every worker (they inherit NODE_OPTIONS). A clone needs none of it.
 */
export const INSTALLED = /[\\/]node_modules[\\/]/.test(__dirname);

function withTsx(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (!INSTALLED) return env;
  const hook = require.resolve('tsx/cjs');
  const options = env.NODE_OPTIONS ?? '';
  return options.includes(hook) ? env : { ...env, NODE_OPTIONS: `${options} --require ${quoted(hook)}`.trim() };
}

export function runnerEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return withCompileCache(withTsx({ ...env, PW_TS_CJS_ONLY: env.PW_TS_CJS_ONLY ?? '1' }));
}
