/**
 * `npm run persona -- <lenient|strict|frameworks>`: one persona server alone, as a sandbox; prints the variables
 * that point `npm start` at it. Stops on SIGINT/SIGTERM, and with its parent.
 */
import { isPersonaName, PERSONAS, startPersona } from './index';

// An async main, not top-level await: the package is CommonJS (README, Design: why).
async function main(): Promise<void> {
  const name = process.argv[2] ?? '';
  if (!isPersonaName(name)) {
    console.error(`Name a persona: ${PERSONAS.join(' or ')} (got "${name}").`);
    process.exit(2);
  }
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
