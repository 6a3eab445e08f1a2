// @ts-check
/**
 * A V8 code cache for CommonJS modules, preloaded (`node --require`) into the suite's processes:
 * the Playwright runner and every worker. Each process otherwise compiles the same ~12 MB of
 * JavaScript (Playwright's bundles, undici, ajv, fast-check, and our TypeScript after Playwright's
 * transform): ~0.15-0.3 CPU-s per process, paid again by every worker start-up.
 *
 * Node >= 22.1 has this built in (module.enableCompileCache), which is used when present. On Node 20
 * a module is compiled with vm.Script and V8's cached data, kept under node_modules/.cache: one
 * entry per file, valid for one exact source text (a SHA-1 of it) and one Node version; V8 itself
 * refuses data from another V8 or other flags, and the module is then compiled as usual.
 *
 * Modules whose code calls import() are never cached: on Node 20 a script compiled from cached data
 * loses the host options import() needs (nodejs/node#35375). Two of Playwright's bundles are cached
 * even so: their import() sites are for features this suite never uses (a Kerberos proxy, vite, a
 * Node 16 fallback); test/unit/compile-cache.test.ts pins that list, so an upgrade re-opens it.
 * Set CONFORMANCE_COMPILE_CACHE=0 to compile everything as Node does.
 */
'use strict';
const Module = require('node:module');
const { createHash } = require('node:crypto');
const { mkdirSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const { dirname, join } = require('node:path');
const vm = require('node:vm');
const { isMainThread } = require('node:worker_threads');

const CACHE_DIR =
  process.env.CONFORMANCE_COMPILE_CACHE_DIR || join(__dirname, '..', '..', 'node_modules', '.cache', 'conformance-compile-cache');
/** Smaller modules compile faster than their cache entry is read. */
const MIN_LENGTH = 2000;
/** Cached although they contain import(); see the file comment and test/unit/compile-cache.test.ts. */
const AUDITED = /[\\/]node_modules[\\/]playwright-core[\\/]lib[\\/](?:utilsBundle|coreBundle)\.js$/;
/**
 * acorn itself, which importSites requires: left to Node, never looked at. Looking at it would require
 * acorn while acorn is loading, read its unfinished exports ("Accessing non-existent property
 * 'tokenizer' of module exports inside circular dependency", once per process on a cold cache) and
 * mark it uncacheable on a TypeError. Its one `import(` is an error message.
 */
const ACORN = /[\\/]node_modules[\\/]acorn[\\/]dist[\\/]acorn\.js$/;
const HEADER_END = 0x0a;

/**
 * What this file uses of node:module beyond its typings (the CommonJS loader's own functions).
 * @typedef {{
 *   _resolveFilename(request: string, parent: Module, isMain: boolean, options?: { paths?: string[] }): string;
 *   _resolveLookupPaths(request: string, parent: Module): string[] | null;
 *   _extensions: NodeJS.RequireExtensions;
 *   _cache: NodeJS.Dict<NodeJS.Module>;
 *   wrapper: readonly [string, string];
 *   enableCompileCache?: (dir: string) => unknown;
 * }} ModuleInternals
 */
const internals = /** @type {ModuleInternals} */ (/** @type {unknown} */ (Module));
/** @type {{ _compile(this: Module, content: string, filename: string): unknown }} */
const moduleProto = /** @type {never} */ (Module.prototype);
const FORMAT = 'conformance-compile-cache/1';

/** @param {string} text */
const sha1 = (text) => createHash('sha1').update(text).digest('hex');

/**
 * The import() sites of `code`, each with a little of its context, found with acorn's tokenizer: an
 * `import` keyword followed by `(`, or a string or template holding `import(` (eval or new Function
 * may run it). A comment or a JSDoc type saying `import(` is not a site.
 * @param {string} code
 * @returns {string[]}
 */
function importSites(code) {
  // Every site holds `import` then `(` (blanks between): text without that has none, and needs no tokenizing.
  if (!/\bimport\s*\(/.test(code)) return [];
  /** @type {typeof import('acorn')} */
  const acorn = require('acorn');
  /** @type {string[]} */
  const sites = [];
  const context = (/** @type {number} */ at) => code.slice(Math.max(0, at - 40), at + 40).replace(/\s+/g, ' ');
  try {
    let previousWasImport = false;
    for (const token of acorn.tokenizer(code, { ecmaVersion: 'latest', allowHashBang: true, allowReturnOutsideFunction: true })) {
      if (previousWasImport && token.type === acorn.tokTypes.parenL) sites.push(context(token.start));
      previousWasImport = token.type.keyword === 'import';
      const quoted = token.type === acorn.tokTypes.string || token.type === acorn.tokTypes.template;
      if (quoted && /\bimport\s*\(/.test(code.slice(token.start, token.end))) sites.push(context(token.start));
    }
  } catch {
    sites.push('(not tokenizable: left to Node)');
  }
  return sites;
}

/**
 * The require function Node gives a module (lib/internal/modules/helpers.js makeRequireFunction).
 * @param {Module} mod
 */
function requireFor(mod) {
  /** @type {NodeJS.Require} */
  const req = Object.assign((/** @type {string} */ id) => mod.require(id), {
    resolve: Object.assign(
      (/** @type {string} */ request, /** @type {{ paths?: string[] } | undefined} */ options) =>
        internals._resolveFilename(request, mod, false, options),
      { paths: (/** @type {string} */ request) => internals._resolveLookupPaths(request, mod) },
    ),
    main: require.main,
    extensions: internals._extensions,
    cache: internals._cache,
  });
  return req;
}

function install() {
  // Not in worker threads (Playwright's ESM loader runs one per process): one never sees 'exit'.
  if (process.env.CONFORMANCE_COMPILE_CACHE === '0' || !isMainThread) return;
  if (typeof internals.enableCompileCache === 'function') {
    internals.enableCompileCache(CACHE_DIR);
    return;
  }
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
  } catch {
    return; // a read-only tree: no cache
  }
  /** @type {{ file: string; header: string; script: vm.Script | null }[]} */
  const toWrite = [];
  const [wrapperStart, wrapperEnd] = internals.wrapper;
  const original = moduleProto._compile;
  /** @this {Module} @param {string} content @param {string} filename */
  function compile(content, filename) {
    if (content.length < MIN_LENGTH || this.id === '.' || ACORN.test(filename)) return original.call(this, content, filename);
    const file = join(CACHE_DIR, `${sha1(filename)}.bin`);
    const source = `${process.version} ${sha1(content)}`;
    /** @type {Buffer | undefined} */
    let cachedData;
    let known = false;
    try {
      const entry = readFileSync(file);
      const end = entry.indexOf(HEADER_END);
      const [format, version, hash, kind] = entry.subarray(0, end).toString('latin1').split(' ');
      if (format === FORMAT && `${version} ${hash}` === source) {
        known = true;
        if (kind === 'skip') return original.call(this, content, filename);
        cachedData = entry.subarray(end + 1);
      }
    } catch {
      // no entry yet
    }
    if (!known && !AUDITED.test(filename) && importSites(content).length > 0) {
      toWrite.push({ file, header: `${FORMAT} ${source} skip`, script: null });
      return original.call(this, content, filename);
    }
    const script = new vm.Script(wrapperStart + content + wrapperEnd, {
      filename,
      columnOffset: -wrapperStart.length,
      ...(cachedData ? { cachedData } : {}),
    });
    if (!cachedData || script.cachedDataRejected) toWrite.push({ file, header: `${FORMAT} ${source} cache`, script });
    const wrapped = script.runInThisContext({ displayErrors: true });
    return wrapped.call(this.exports, this.exports, requireFor(this), this, filename, dirname(filename));
  }
  moduleProto._compile = compile;
  // Written at exit, so that the data holds every function the run compiled, not only the eager ones.
  process.on('exit', () => {
    for (const { file, header, script } of toWrite) {
      try {
        const data = script ? script.createCachedData() : Buffer.alloc(0);
        const temporary = `${file}.${process.pid}.tmp`;
        writeFileSync(temporary, Buffer.concat([Buffer.from(`${header}\n`, 'latin1'), data]));
        renameSync(temporary, file);
      } catch {
        // a full disk or a race with another process: the next run tries again
      }
    }
  });
}

install();

module.exports = { ACORN, AUDITED, CACHE_DIR, importSites };
