/**
 * `npm run persona -- <lenient|strict|frameworks|alternate>`: one persona server alone, as a sandbox; prints the variables
 * that point `npm start` at it. Stops on SIGINT/SIGTERM, and with its parent. (Here, not in
 * servers/personas/, which imports nothing of the suite: the help and argument parsing are src/cli/help.ts.)
 */
import { isPersonaName, PERSONAS, startPersona } from '../../servers/personas/index';
import { parseCliArgs, usageError } from '../../src/cli/help';

// An async main, not top-level await: the package is CommonJS (README, Design: why).
async function main(): Promise<void> {
  const { positionals } = parseCliArgs('persona', { options: {}, allowPositionals: true });
  const name = positionals[0] ?? '';
  if (!isPersonaName(name) || positionals.length > 1)
    usageError(
      'npm run persona',
      `name one persona, ${PERSONAS.join(' or ')} (got ${positionals.map((p) => `"${p}"`).join(' ') || 'none'})`,
    );
  const persona = await startPersona(name);
  console.log(`persona "${name}" listening; point the suite at it with:`);
  for (const [k, v] of Object.entries(persona.env)) console.log(`  ${k}=${v}`);
  const stop = (): void => {
    void persona.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.on('disconnect', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
