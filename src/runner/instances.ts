/**
 * Many embedded reference servers in one Playwright run: the fault run's way to share the
 * runner's start-up between faults and variants. Each instance is a reference server with its own
 * faults or variants; each of its Playwright projects runs one API's specs (optionally one file and
 * one test) against it, named "<api>@<instance>". A run reads its instances from the JSON file named
 * by REFERENCE_INSTANCES_FILE; the global set-up starts one server per instance and hands its port
 * to the workers as REFERENCE_PORT_<index>.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiName } from '../../contract/catalogue/types';

export interface InstanceProject {
  api: ApiName;
  /** Only this spec file ("specs/rm/candidates.spec.ts"). */
  file?: string;
  /** Only tests whose full title matches this regular expression (Playwright's grep). */
  grep?: string;
}

export interface Instance {
  name: string;
  faults: string[];
  variants: string[];
  /** Target variables this instance's workers see on top of the run's (e.g. HR_TOKEN_AUTH). */
  env?: Record<string, string>;
  projects: InstanceProject[];
}

export const INSTANCES_VARIABLE = 'REFERENCE_INSTANCES_FILE';

/** The worker group of every project of a many-instance run. */
export const INSTANCE_WORKER_GROUP = 'instances';

/** What <reports>/instances/<name>/timing.json holds (src/runner/instance-reporter.ts). */
export interface InstanceTiming {
  /** Its tests' durations summed, in seconds (the time its own checks took, whatever ran beside them). */
  seconds: number;
  tests: number;
  /** True when written as its last test ended; false when written at the end of the run. */
  early: boolean;
}

export const TIMING_FILE = 'timing.json';

/** Where the reports of one instance of a many-instance run go. */
export function instanceDir(reportsDir: string, name: string): string {
  return join(reportsDir, 'instances', name);
}

export function readInstances(env: NodeJS.ProcessEnv = process.env): Instance[] | null {
  const file = env[INSTANCES_VARIABLE];
  if (!file) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as Instance[];
}

export function portVariable(index: number): string {
  return `REFERENCE_PORT_${index}`;
}

/** The project name of one API of one instance, and back. */
export function projectName(api: ApiName, instance: string): string {
  return `${api}@${instance}`;
}

export function instanceOfProject(project: string): string | null {
  const at = project.indexOf('@');
  return at < 0 ? null : project.slice(at + 1);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** The Playwright projects of a many-instance run: one per API of each instance. */
export function instanceProjects(instances: readonly Instance[]): {
  name: string;
  testDir: string;
  workers: number;
  testMatch?: RegExp;
  grep?: RegExp;
  metadata: { instance: number; workerGroup: string };
}[] {
  // One worker per project: projects outnumber workers, so none waits, and each starts one worker, not two.
  // Every project is in one worker group (patches/playwright+1.65.1.patch, PW_WORKER_GROUPS): a worker
  // done with one instance's tests takes the next instance's, its worker fixtures set up again, instead
  // of a new worker (~1.1 CPU-s each) per instance.
  return instances.flatMap((inst, index) =>
    inst.projects.map((p) => ({
      name: projectName(p.api, inst.name),
      testDir: `./specs/${p.api}`,
      workers: 1,
      ...(p.file ? { testMatch: new RegExp(`${escapeRegExp(p.file.slice(p.file.lastIndexOf('/') + 1))}$`) } : {}),
      ...(p.grep ? { grep: new RegExp(p.grep) } : {}),
      metadata: { instance: index, workerGroup: INSTANCE_WORKER_GROUP },
    })),
  );
}

/** The target variables a worker of instance `index` sees: the run's, the instance's, and its server's port. */
export function instanceEnv<E extends Record<string, string | undefined>>(base: E, metadata: Readonly<Record<string, unknown>>): E {
  const index = metadata.instance;
  if (typeof index !== 'number') return base;
  const instance = readInstances()?.[index];
  return { ...base, ...(instance?.env ?? {}), API_PORT: process.env[portVariable(index)] };
}

/** The instance a project of a many-instance run serves, from its metadata; null in an ordinary run. */
export function instanceOf(metadata: Readonly<Record<string, unknown>>): Instance | null {
  const index = metadata.instance;
  return typeof index === 'number' ? (readInstances()?.[index] ?? null) : null;
}
