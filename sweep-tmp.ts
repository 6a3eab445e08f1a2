import fc from 'fast-check';
import { schemaIds, getSchema } from './src/schemas/registry.js';
import { createAjv } from './src/schemas/ajv.js';
import { validArbitrary, invalidArbitrary, breakableRules } from './src/generators/index.js';
const ajv = createAjv({ allowUnionTypes: true });
for (const id of schemaIds()) ajv.addSchema(getSchema(id));
let total = 0;
const only = process.argv[2];
for (const id of schemaIds().filter((i) => !only || i.includes(only))) {
  const t0 = Date.now();
  try {
    const v = ajv.getSchema(id)!;
    const vals = fc.sample(validArbitrary(id), { seed: 1, numRuns: 1000 });
    const bad = vals.filter((x) => !v(x));
    const t1 = Date.now();
    const rules = breakableRules(id);
    let wrong = 0; const msgs: string[] = []; const covered = new Set<string>();
    for (const c of fc.sample(invalidArbitrary(id), { seed: 3, numRuns: rules.length * 8 })) {
      covered.add(c.rule);
      const ok = v(c.value);
      const hit = !ok && (v.errors ?? []).some((e) => e.keyword === c.keyword && e.instancePath === c.instancePath);
      if (!hit) { wrong++; if (msgs.length < 4) msgs.push(`${c.rule}: ${ok ? 'VALID' : JSON.stringify(v.errors?.map((e) => [e.keyword, e.instancePath]))} ${JSON.stringify(c.value).slice(0, 300)}`); }
    }
    total += Date.now() - t0;
    console.log(id.replace('https://schemas.conformance.test/', ''), `valid-bad=${bad.length}`, `rules=${rules.length}`, `uncovered=${rules.length - covered.size}`, `wrong=${wrong}`, `${t1 - t0}+${Date.now() - t1}ms`, bad.length ? JSON.stringify(v(bad[0]) || v.errors?.slice(0, 2)) + JSON.stringify(bad[0]).slice(0, 300) : '', msgs.join('\n   '));
  } catch (e) { console.log(id, 'ERROR', e instanceof Error ? e.stack?.split('\n').slice(0, 4).join(' | ') : e); }
}
console.log('total', total);
