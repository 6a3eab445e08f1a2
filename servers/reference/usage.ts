/** `npm run reference -- --help`: what the sandbox command says about itself (rendered by lib/usage/). */
import { HELP_OPTION, type CommandHelp } from '../../lib/usage/index';

export const REFERENCE_HELP: CommandHelp = {
  command: 'npm run reference',
  summary: 'the reference server alone, as a sandbox',
  usage: ['npm run reference [-- --port <n>] [--fault <name>]... [--variant <name>]...', 'npm run reference -- --list'],
  what: 'Starts the embedded reference server alone, as a sandbox: both APIs (RM v2 under /v2, HR core and Learning v3 under /v3/<tenant>) and the OAuth token endpoint, in memory, with its built-in public test credentials. It prints the variables that point the suite or a client at it; GET / lists what it serves, /openapi its OpenAPI 3.1 documents (for Postman or Swagger UI). Every answer allows any origin (CORS), so a page on another origin can call it. Stops on Ctrl+C or SIGTERM, and with the process that started it.',
  options: [
    ['--port <n>', 'the port to listen on (default: REFERENCE_PORT, else 0 = a free port)'],
    ['--fault <name>', 'start with a fault (a realistic defect), repeatable'],
    ['--variant <name>', 'start with a lawful variant (a reading the documents also allow), repeatable'],
    ['--list', 'list every fault and variant (name, clause, catching check, what it does) and exit'],
    HELP_OPTION,
  ],
  variables: [
    ['REFERENCE_PORT', 'the port, as --port. Default: 0, a free port.'],
    ['REFERENCE_FAULTS', 'faults to start with, comma separated, added to --fault. Default: none.'],
    ['REFERENCE_VARIANTS', 'variants to start with, comma separated, added to --variant. Default: none.'],
  ],
  exits: [
    ['0', 'stopped by a signal, or --list / --help'],
    ['2', 'an unknown option, fault or variant, or a bad port'],
  ],
  more: 'README.md ("Proving the suite") and docs/USAGE.md ("A vendor before a release")',
};
