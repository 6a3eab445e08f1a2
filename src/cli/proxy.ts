/**
 * `npm run proxy -- [--port N]`: a validating reverse proxy on loopback for a person testing by hand
 * (src/judge/proxy.ts). Point Postman, a browser or the vendor's app at it: /rm/... reaches RM_BASE_URL,
 * /hr/... HR_BASE_URL, /token HR_TOKEN_URL. Each exchange passes unchanged, with a console line and an
 * `x-conformance-verdict` header; on Ctrl-C or SIGTERM the session is judged whole and its reports are
 * written as a run's (conformance.json/md, JUnit, exchanges.har, which `npm run judge` takes again, and the
 * Allure results and HTML report).
 * Exit 1 when a verdict failed, 0 when none did, 2 when it cannot start.
 */
import { readEnv } from '../config/env';
import { startProxy } from '../judge/proxy';
import { REPORTS_DIR } from '../runner/run-info';
import { parseCliArgs, usageError } from './help';
import { judgeEntries, writeJudgedAllure } from './judge';

const COMMAND = 'npm run proxy';

async function main(): Promise<void> {
  const { values } = parseCliArgs('proxy', {
    options: { port: { type: 'string', default: '8480' }, out: { type: 'string', short: 'o' } },
    strict: true,
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) usageError(COMMAND, `--port must be a port number (got "${values.port}")`);
  const env = readEnv();
  const bases = { rm: env.RM_BASE_URL, hr: env.HR_BASE_URL, token: env.HR_TOKEN_URL };
  if (!bases.rm && !bases.hr && !bases.token)
    usageError(COMMAND, 'set RM_BASE_URL, HR_BASE_URL or HR_TOKEN_URL (the targets the proxy forwards to), in the environment or .env');
  let proxy;
  try {
    proxy = await startProxy({ bases, port, onExchange: (line) => console.log(line) });
  } catch (error) {
    usageError(COMMAND, `cannot listen on 127.0.0.1:${port} (${(error as Error).message}); choose another with --port`);
  }
  const routes = [
    bases.rm ? `${proxy.url}/rm -> ${bases.rm}` : null,
    bases.hr ? `${proxy.url}/hr -> ${bases.hr}` : null,
    bases.token ? `${proxy.url}/token -> ${bases.token}` : null,
  ];
  console.log(
    `Validating proxy listening on ${proxy.url}\n${routes
      .filter(Boolean)
      .map((r) => `  ${r}`)
      .join('\n')}\nCtrl-C (or SIGTERM) ends the session and writes its reports.`,
  );
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void (async () => {
      await proxy.close();
      if (proxy.entries.length === 0) {
        console.log('No exchange passed: no reports written.');
        process.exit(0);
      }
      const out = values.out ?? REPORTS_DIR;
      const result = judgeEntries(proxy.entries, out, bases, ['proxy session'], env);
      console.log(result.message);
      if (result.exitCode !== 2) console.log(await writeJudgedAllure(result, out));
      process.exit(result.exitCode === 2 ? 0 : result.exitCode);
    })();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (require.main === module) void main();
