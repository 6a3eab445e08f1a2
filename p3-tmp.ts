import fc from 'fast-check';
import { formatArbitrary } from './src/generators/formats.js';
for (const f of ['date-time', 'iso-date-time', 'date', 'email', 'uri', 'uuid']) {
  const t = Date.now(); fc.sample(formatArbitrary(f), { seed: 1, numRuns: 1000 }); console.log(f, Date.now() - t);
}
