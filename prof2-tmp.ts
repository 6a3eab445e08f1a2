import fc from 'fast-check';
import { breakableRules, invalidArbitrary, validArbitrary } from './src/generators/index.js';
const id = process.argv[2];
const cpu = (label: string, f: () => unknown) => { const u = process.cpuUsage(); const r = f(); console.log(label, Math.round(process.cpuUsage(u).user / 1000), 'ms cpu'); return r; };
const v = cpu('valid-compile', () => validArbitrary(id)) as fc.Arbitrary<unknown>;
cpu('valid-sample-1000', () => fc.sample(v, { seed: 1, numRuns: 1000 }));
const r = cpu('rules', () => breakableRules(id)) as unknown[];
const a = cpu('inv-compile', () => invalidArbitrary(id)) as fc.Arbitrary<unknown>;
cpu(`inv-sample-${r.length * 8}`, () => fc.sample(a, { seed: 3, numRuns: r.length * 8 }));
