import fc from 'fast-check';
import { breakableRules, invalidArbitrary } from './src/generators/index.js';
const id = process.argv[2];
console.time('rules'); const r = breakableRules(id); console.timeEnd('rules');
console.time('inv-compile'); const a = invalidArbitrary(id); console.timeEnd('inv-compile');
console.time('inv-sample'); fc.sample(a, { seed: 3, numRuns: r.length * 8 }); console.timeEnd('inv-sample');
