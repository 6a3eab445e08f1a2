/** The environment the run reads: process variables over a `.env` file in the project root (INTERFACE.md). */
import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { resolve } from 'node:path';
import { ConfigError } from './errors';

export type Env = Readonly<Record<string, string | undefined>>;

/** Without the variables whose value is empty: INTERFACE.md, "An empty variable counts as unset". */
function withoutEmpty(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== ''));
}

/** Reads `.env` (if present) under the process environment, which wins; empty values count as unset. */
export function readEnv(processEnv: Env = process.env, root: string = process.cwd()): Env {
  const file = resolve(root, '.env');
  if (!existsSync(file)) return withoutEmpty(processEnv);
  let fromFile: Record<string, string | undefined>;
  try {
    fromFile = parseEnv(readFileSync(file, 'utf8')) as Record<string, string | undefined>;
  } catch (error) {
    throw new ConfigError(`The .env file at ${file} cannot be read: ${(error as Error).message}. Fix or remove it.`);
  }
  return { ...withoutEmpty(fromFile), ...withoutEmpty(processEnv) };
}

/** The items of a comma-separated variable (REFERENCE_FAULTS, REFERENCE_VARIANTS), trimmed; none when unset or empty. */
export function commaList(text: string | undefined): string[] {
  return text
    ? text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
}
