import fc from 'fast-check';
import { validArbitrary } from './src/generators/index.js';
console.time('c'); const a = validArbitrary(process.argv[2]); console.timeEnd('c');
console.time('s'); fc.sample(a, { seed: 1, numRuns: 1000 }); console.timeEnd('s');
