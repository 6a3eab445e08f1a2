import fc from 'fast-check';
import { breakableRules, invalidArbitrary } from './src/generators/index.js';
const id = process.argv[2];
for (const r of breakableRules(id)) {
  try { fc.sample(invalidArbitrary(id, { rules: [r.rule] }), { seed: 1, numRuns: 20 }); } catch (e) { console.log(r.rule, String(e).slice(0, 200)); }
}
