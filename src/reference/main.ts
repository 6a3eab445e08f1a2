/**
 * `npm run reference`: the reference server alone, as a sandbox for client developers.
 * Options: --port N (default 0 = a free port), --fault NAME and --variant NAME (repeatable; also
 * REFERENCE_FAULTS / REFERENCE_VARIANTS, comma separated), --list to print the catalogue.
 */
import { parseArgs } from 'node:util';
import { EMBEDDED, embeddedUrls } from '../config/embedded';
import { Behaviour } from './behaviour';
import { FAULTS, VARIANTS } from './catalogue';
import { startReferenceServer } from './server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.REFERENCE_PORT ?? '0' },
    fault: { type: 'string', multiple: true, default: [] },
    variant: { type: 'string', multiple: true, default: [] },
    list: { type: 'boolean', default: false },
  },
});

if (values.list) {
  // One line each: the name, the clause (a fault breaks it, a variant's latitude comes from it), the catching check, what it does.
  for (const f of FAULTS) console.log(`fault    ${f.name.padEnd(50)} ${f.clause.padEnd(36)} ${`[${f.expectedCheck}]`.padEnd(21)} ${f.description}`);
  for (const v of VARIANTS) console.log(`variant  ${v.name.padEnd(50)} ${v.clause.padEnd(36)} ${''.padEnd(21)} ${v.description}`);
  console.log(`${FAULTS.length} faults, ${VARIANTS.length} variants (clause ids: src/clauses/registry.ts)`);
  process.exit(0);
}

const split = (text: string | undefined): string[] => (text ? text.split(',').map((s) => s.trim()).filter(Boolean) : []);
let behaviour: Behaviour;
try {
  behaviour = new Behaviour([...values.fault, ...split(process.env.REFERENCE_FAULTS)], [...values.variant, ...split(process.env.REFERENCE_VARIANTS)]);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number (got "${values.port}")`);
  process.exit(2);
}
const server = await startReferenceServer({ port, behaviour });
const urls = embeddedUrls(server.port);
console.log(`reference server listening on port ${server.port}`);
console.log(`  RM_BASE_URL=${urls.rm}  RM_API_KEY=${EMBEDDED.rm.apiKey}  RM_API_SECRET=${EMBEDDED.rm.apiSecret}`);
console.log(`  HR_BASE_URL=${urls.hr}  HR_TOKEN_URL=${urls.token}  HR_CLIENT_ID=${EMBEDDED.hr.clientId}  HR_CLIENT_SECRET=${EMBEDDED.hr.clientSecret}`);
console.log(`  LEARNING_PROVIDER_ID=${EMBEDDED.hr.learningProviderId}  LEARNING_OWNER_ID=${EMBEDDED.hr.learningOwnerId}  LEARNING_IMAGE_TEMP_KEY=${EMBEDDED.hr.learningImageTempKey}`);
if (behaviour.faults.length || behaviour.variants.length) console.log(`  faults: ${behaviour.faults.join(', ') || '-'}  variants: ${behaviour.variants.join(', ') || '-'}`);
const stop = (): void => {
  void server.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
