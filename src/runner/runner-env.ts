/**
 * The environment a Playwright run is started with by our commands (`npm start`, the fault run, the
 * bench): the V8 code cache preloaded (./compile-cache.ts), and TypeScript through Playwright's
 * require hooks alone in the runner process too (PW_TS_CJS_ONLY, patches/playwright+1.65.1.patch):
 * playwright.config.ts sets it for the workers, but the runner registers its ESM loader thread
 * before it reads the config (~0.2-0.3 s of every run's start).
 */
import { preloadCompileCache } from './compile-cache';

export function runnerEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return preloadCompileCache({ ...env, PW_TS_CJS_ONLY: env.PW_TS_CJS_ONLY ?? '1' });
}
