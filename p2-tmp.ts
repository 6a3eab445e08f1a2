import fc from 'fast-check';
for (const p of ['^[A-Za-z0-9]+$', '\\S', '^[A-Z]{3}$', '^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$']) {
  for (const flags of ['u', '']) {
  const t = Date.now(); const a = fc.stringMatching(new RegExp(p, flags)); const s = fc.sample(a, { seed: 1, numRuns: 1000 }); console.log(p, flags, Date.now() - t, 'ms', s.slice(0, 3));
  }
}
