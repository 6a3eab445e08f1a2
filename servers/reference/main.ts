/**
 * `npm run reference`: the reference server alone, as a sandbox for client developers.
 * Options: --port N (default 0 = a free port; also REFERENCE_PORT), --fault NAME and --variant NAME
 * (repeatable; also REFERENCE_FAULTS / REFERENCE_VARIANTS, comma separated), --list to print the catalogue,
 * --help (servers/reference/usage.ts).
 * Also serves the OpenAPI exports at /openapi (openapi-route.ts) and, at /, what it serves
 * (sandbox-index.ts); every answer allows any origin (cors.ts). Stops on SIGTERM, SIGINT or SIGHUP,
 * and when its parent goes away (npm killed: the sandbox must not outlive it).
 */
import { readFileSync } from 'node:fs';
import { APIS } from '../../contract/catalogue/index';
import { EMBEDDED, embeddedUrls } from '../../contract/identity/embedded';
import { Behaviour } from './behaviour';
import { FAULTS, VARIANTS } from './faults-and-variants';
import { OPENAPI_PATH, openApiPath, openApiRoute } from './openapi-route';
import { firstOf, sandboxIndexRoute } from './sandbox-index';
import { startReferenceServer, type ReferenceServer } from './server';
import { REFERENCE_HELP } from './usage';
import { parseCommandArgs, usageError } from '../../lib/usage/index';

// An async main, not top-level await: the package is CommonJS (README, Design: why).
async function main(): Promise<void> {
  // `npm run reference` is npm -> sh -> node: the sandbox stops when its parent goes away. Read first
  // thing, before any line is printed (whoever reads "listening" may kill the parent at once). Under
  // npm, also the script shell's own parent, because `kill -9 <npm>` leaves the shell waiting for us.
  const parent = process.ppid;
  const grandparent = process.env.npm_lifecycle_event ? parentOf(parent) : undefined;
  const values = parseReferenceArgs();
  if (values.list) printCatalogue();
  const behaviour = behaviourOf(values.fault, values.variant);
  const port = portOf(values.port);
  const server = await startReferenceServer({ port, behaviour, extraRoute: (p) => firstOf(sandboxIndexRoute(p), openApiRoute(p)) });
  stopWithParent(server, parent, grandparent);
  printConnection(server.port, behaviour);
}

/** The parent's parent on Linux (/proc/<pid>/stat: "pid (comm) state ppid ..."); undefined elsewhere. */
function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isInteger(ppid) ? ppid : undefined;
  } catch {
    return undefined;
  }
}

function parseReferenceArgs(): { port: string; fault: string[]; variant: string[]; list: boolean } {
  // --help, or an unknown option: the text and exit 0, or one line and exit 2 (lib/usage/).
  const { values } = parseCommandArgs(REFERENCE_HELP, {
    options: {
      port: { type: 'string', default: process.env.REFERENCE_PORT ?? '0' },
      fault: { type: 'string', multiple: true, default: [] },
      variant: { type: 'string', multiple: true, default: [] },
      list: { type: 'boolean', default: false },
    },
  });
  return values;
}

/** --list: prints the catalogue of faults and variants and exits. */
function printCatalogue(): never {
  // One line each: the name, the clause (a fault breaks it, a variant's latitude comes from it), the catching check, what it does.
  for (const f of FAULTS)
    console.log(`fault    ${f.name.padEnd(50)} ${f.clause.padEnd(36)} ${`[${f.expectedCheck}]`.padEnd(21)} ${f.description}`);
  for (const v of VARIANTS) console.log(`variant  ${v.name.padEnd(50)} ${v.clause.padEnd(36)} ${''.padEnd(21)} ${v.description}`);
  console.log(`${FAULTS.length} faults, ${VARIANTS.length} variants (clause ids: contract/clauses/registry.ts)`);
  process.exit(0);
}

/** A comma-separated environment variable's names. */
function splitNames(text: string | undefined): string[] {
  return text
    ? text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
}

/** The faults and variants of the options and of REFERENCE_FAULTS / REFERENCE_VARIANTS; an unknown name is a usage error. */
function behaviourOf(faults: readonly string[], variants: readonly string[]): Behaviour {
  try {
    return new Behaviour(
      [...faults, ...splitNames(process.env.REFERENCE_FAULTS)],
      [...variants, ...splitNames(process.env.REFERENCE_VARIANTS)],
    );
  } catch (error) {
    // One line: the name, not the catalogue of 200 names (--list prints it).
    const message = (error as Error).message.split('. Known:')[0] ?? '';
    usageError('npm run reference', message.replace(/^Unknown/, 'unknown'), 'npm run reference -- --list lists them');
  }
}

function portOf(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) usageError('npm run reference', `--port must be a port number (got "${text}")`);
  return port;
}

/** Stops the server on SIGINT, SIGTERM or SIGHUP, and when the parent (or, under npm, the grandparent) goes away. */
function stopWithParent(server: ReferenceServer, parent: number, grandparent: number | undefined): void {
  let stopping = false;
  function stop(): void {
    if (stopping) process.exit(0); // a second signal: no more waiting
    stopping = true;
    setTimeout(() => process.exit(0), 2_000).unref(); // close() should take milliseconds
    void server.close().then(() => process.exit(0));
  }
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stop);

  // A dead parent re-parents this process (to 1 or a subreaper): stop then.
  setInterval(() => {
    if (process.ppid !== parent || (grandparent !== undefined && parentOf(parent) !== grandparent)) stop();
  }, 1_000).unref();
}

/** What a client needs to reach the sandbox: its URLs and the embedded credentials. */
function printConnection(port: number, behaviour: Behaviour): void {
  const urls = embeddedUrls(port);
  console.log(`reference server listening on port ${port}`);
  console.log(`  RM_BASE_URL=${urls.rm}  RM_API_KEY=${EMBEDDED.rm.apiKey}  RM_API_SECRET=${EMBEDDED.rm.apiSecret}`);
  console.log(
    `  HR_BASE_URL=${urls.hr}  HR_TOKEN_URL=${urls.token}  HR_CLIENT_ID=${EMBEDDED.v3.clientId}  HR_CLIENT_SECRET=${EMBEDDED.v3.clientSecret}`,
  );
  console.log(
    `  LEARNING_PROVIDER_ID=${EMBEDDED.v3.learningProviderId}  LEARNING_OWNER_ID=${EMBEDDED.v3.learningOwnerId}  LEARNING_IMAGE_TEMP_KEY=${EMBEDDED.v3.learningImageTempKey}`,
  );
  console.log(
    `  OPENAPI=${urls.origin}${OPENAPI_PATH}  (OpenAPI 3.1 for Postman or Swagger UI, servers pointing here:  ${APIS.map((api) => `${urls.origin}${openApiPath(api)}`).join('  ')})`,
  );
  if (behaviour.faults.length || behaviour.variants.length)
    console.log(`  faults: ${behaviour.faults.join(', ') || '-'}  variants: ${behaviour.variants.join(', ') || '-'}`);
  console.log('  stops on Ctrl+C or SIGTERM, and with the process that started it');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
