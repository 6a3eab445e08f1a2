import fc from 'fast-check';
import { validArbitrary, breakableRules, invalidArbitrary } from './src/generators/index.js';
const id = process.argv[2];
console.time('valid'); console.log(fc.sample(validArbitrary(id), { seed: 1, numRuns: 3 })); console.timeEnd('valid');
console.time('rules'); const r = breakableRules(id); console.timeEnd('rules'); console.log(r.length);
console.time('inv'); console.log(fc.sample(invalidArbitrary(id), { seed: 1, numRuns: 3 })); console.timeEnd('inv');
