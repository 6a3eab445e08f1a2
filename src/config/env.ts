/** The environment the run reads: process variables over a `.env` file in the project root (INTERFACE.md). */
import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { resolve } from 'node:path';
import { ConfigError } from './errors';

export type Env = Readonly<Record<string, string | undefined>>;

/** Reads `.env` (if present) under the process environment, which wins. */
export function readEnv(processEnv: Env = process.env, root: string = process.cwd()): Env {
  const file = resolve(root, '.env');
  if (!existsSync(file)) return { ...processEnv };
  let fromFile: Record<string, string | undefined>;
  try {
    fromFile = parseEnv(readFileSync(file, 'utf8')) as Record<string, string | undefined>;
  } catch (error) {
    throw new ConfigError(`The .env file at ${file} cannot be read: ${(error as Error).message}. Fix or remove it.`);
  }
  const merged: Record<string, string | undefined> = { ...fromFile };
  for (const [key, value] of Object.entries(processEnv)) if (value !== undefined) merged[key] = value;
  return merged;
}
