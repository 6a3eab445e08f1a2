/** The suite's own name and version (package.json), written into every report so a baseline can tell which suite wrote it. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

function readPackage(): { name: string; version: string } {
  try {
    const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
    return { name: String(pkg.name ?? 'unknown'), version: String(pkg.version ?? '0.0.0') };
  } catch {
    return { name: 'unknown', version: '0.0.0' };
  }
}

export const SUITE: Readonly<{ name: string; version: string }> = Object.freeze(readPackage());
