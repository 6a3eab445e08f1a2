import fc from 'fast-check';
import { schemaIds, validateAgainst } from './src/schemas/registry.js';
import { createAjv } from './src/schemas/ajv.js';
import { getSchema } from './src/schemas/registry.js';
import { validArbitrary, invalidArbitrary, breakableRules } from './src/generators/index.js';
const ajv = createAjv({ allowUnionTypes: true });
for (const id of schemaIds()) ajv.addSchema(getSchema(id));
let total = 0;
for (const id of schemaIds()) {
  const t0 = Date.now();
  try {
    const v = ajv.getSchema(id)!;
    const vals = fc.sample(validArbitrary(id), { seed: 1, numRuns: 300 });
    const bad = vals.filter((x) => !v(x));
    const rules = breakableRules(id);
    let wrong = 0; const msgs: string[] = [];
    for (const r of rules) {
      for (const c of fc.sample(invalidArbitrary(id, { rules: [r.rule] }), { seed: 3, numRuns: 5 })) {
        const ok = v(c.value);
        const hit = !ok && (v.errors ?? []).some((e) => e.keyword === c.keyword && e.instancePath === c.instancePath);
        if (!hit) { wrong++; if (msgs.length < 3) msgs.push(`${c.rule}: ${ok ? 'VALID' : JSON.stringify(v.errors?.map((e) => [e.keyword, e.instancePath]))} ${JSON.stringify(c.value).slice(0, 300)}`); }
      }
    }
    total += Date.now() - t0;
    console.log(id.replace('https://schemas.conformance.test/', ''), `valid-bad=${bad.length}`, `rules=${rules.length}`, `wrong=${wrong}`, `${Date.now() - t0}ms`, bad.length ? JSON.stringify(v(bad[0]) || v.errors?.slice(0, 2)) + JSON.stringify(bad[0]).slice(0, 300) : '', msgs.join('\n   '));
    void validateAgainst;
  } catch (e) { console.log(id, 'ERROR', e instanceof Error ? e.stack?.split('\n').slice(0, 4).join(' | ') : e); }
}
console.log('total', total);
