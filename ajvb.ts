import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAjv } from './src/schemas/ajv';
function files(d: string): string[] { return readdirSync(d, { withFileTypes: true }).flatMap((e) => e.isDirectory() ? files(join(d, e.name)) : e.name.endsWith('.json') && e.name !== 'operations.json' ? [join(d, e.name)] : []); }
const schemas = ['rm', 'hr', 'learning'].flatMap((d) => files(join('schemas', d))).map((f) => JSON.parse(readFileSync(f, 'utf8')));
const variants: Record<string, object> = {
  current: { allowUnionTypes: true, verbose: true, validateSchema: false },
  noverbose: { allowUnionTypes: true, verbose: false, validateSchema: false },
  nooptimize: { allowUnionTypes: true, verbose: true, validateSchema: false, code: { optimize: false } },
  nostrict: { allowUnionTypes: true, verbose: true, validateSchema: false, strict: false },
};
const which = process.argv[2] ?? 'current';
const t0 = performance.now();
const ajv = createAjv(variants[which] as never);
for (const s of schemas) ajv.addSchema(s);
const t1 = performance.now();
let n = 0;
for (const s of schemas) { if (ajv.getSchema(s.$id)) n++; }
const t2 = performance.now();
console.log(which, 'schemas', schemas.length, 'add', (t1 - t0).toFixed(0), 'compile all', (t2 - t1).toFixed(0), 'ms', n);
