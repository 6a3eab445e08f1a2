/**
 * Global setup of every run: read and validate the target, start the embedded reference server
 * when no target is configured, and preflight. A run that cannot start ends here with exit 2 and
 * one message (INTERFACE.md). Returns the teardown.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogue } from '../../contract/catalogue';
import { prepareValidators } from '../../contract/schemas/registry';
import { ConfigError, EXIT_CANNOT_START } from '../config/errors';
import { commaList, readEnv } from '../config/env';
import { parseTarget, planTarget } from '../config/target';
import { Behaviour, startReferenceServer, type ReferenceServer } from '../embedded';
import { portVariable, readInstances } from './instances';
import { preflight } from './preflight';
import { describeTarget, REPORTS_DIR, RUN_DIR, RUN_INFO_FILE, RUN_REPORT_FILES } from './run-info';

export default async function globalSetup(): Promise<() => Promise<void>> {
  // The operation catalogue is validated here, once per run; workers trust it (contract/catalogue).
  catalogue();
  // The schema validators' module is written here when missing: the workers read it, none compiles (contract/schemas/precompiled.ts).
  prepareValidators();
  // What an earlier run wrote: cleared first, so no file of it stays beside this run's.
  for (const name of RUN_REPORT_FILES) rmSync(join(REPORTS_DIR, name), { recursive: true, force: true });
  const instances = readInstances();
  if (instances) return startInstances(instances);
  let server: ReferenceServer | null = null;
  try {
    const env = readEnv();
    const plan = planTarget(env);
    if (plan.embedded) {
      let behaviour: Behaviour;
      try {
        behaviour = new Behaviour(commaList(env.REFERENCE_FAULTS), commaList(env.REFERENCE_VARIANTS));
      } catch (error) {
        throw new ConfigError(`REFERENCE_FAULTS / REFERENCE_VARIANTS: ${(error as Error).message}`);
      }
      server = await startReferenceServer({ behaviour });
      process.env.API_PORT = String(server.port);
    }
    const target = parseTarget(env, server?.port);
    await preflight(target);
    const { maxRps, maxConcurrency, timeoutMs, numRuns } = target.run;
    if (process.env.CONFORMANCE_QUIET !== '1') {
      const pace =
        maxRps > 0
          ? `at most ${maxRps} requests/s, ${maxConcurrency} at once`
          : `unthrottled (${target.embedded ? 'embedded server' : 'loopback or private-network target'}), ${maxConcurrency} at once`;
      console.log(
        `Politeness: ${pace}; time-out ${timeoutMs} ms per request; ${numRuns} cases per property (CONFORMANCE_MAX_RPS, CONFORMANCE_TIMEOUT_MS, CONFORMANCE_NUM_RUNS override).`,
      );
    }
    mkdirSync(RUN_DIR, { recursive: true });
    writeFileSync(RUN_INFO_FILE, JSON.stringify(describeTarget(target), null, 2));
  } catch (error) {
    await server?.close();
    if (error instanceof ConfigError) {
      console.error(`\nThe conformance run cannot start.\n${error.message}\n`);
      process.exit(EXIT_CANNOT_START);
    }
    throw error;
  }
  const running = server;
  return async () => {
    if (running) {
      writeFileSync(`${RUN_DIR}/reference-state.json`, JSON.stringify({ rm: running.rm.snapshot(), v3: running.v3.snapshot() }, null, 2));
      await running.close();
    }
  };
}

/**
 * A many-instance run (the fault run): one embedded server per instance, each with its own
 * faults or variants, and no preflight (the servers are ours, and a fault may break what a
 * preflight asks; each instance's specs then fail on it, which is the point).
 */
async function startInstances(instances: NonNullable<ReturnType<typeof readInstances>>): Promise<() => Promise<void>> {
  const servers: ReferenceServer[] = [];
  try {
    for (const [index, instance] of instances.entries()) {
      const server = await startReferenceServer({ behaviour: new Behaviour(instance.faults, instance.variants) });
      servers.push(server);
      process.env[portVariable(index)] = String(server.port);
    }
  } catch (error) {
    await Promise.all(servers.map((s) => s.close()));
    console.error(`\nThe conformance run cannot start.\nREFERENCE_INSTANCES_FILE: ${(error as Error).message}\n`);
    process.exit(EXIT_CANNOT_START);
  }
  return async () => {
    await Promise.all(servers.map((s) => s.close()));
  };
}
