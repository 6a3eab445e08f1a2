/**
 * The target you meant: a variable of the suite's own prefixes (RM_, HR_, LEARNING_, CONFORMANCE_)
 * that the suite does not know, within two edits of one it knows, is a typo that would silently
 * leave a setting out (RM_BASE_ULR runs the embedded server instead of the sandbox). One line each,
 * naming the likely variable.
 */
import { OWNED_PREFIXES, VARIABLES } from './variables';
import type { Env } from './env';

/** Optimal string alignment distance (Levenshtein with adjacent transpositions), stopping early past `max`. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((d[i - 1]?.[j] ?? 0) + 1, (d[i]?.[j - 1] ?? 0) + 1, (d[i - 1]?.[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, (d[i - 2]?.[j - 2] ?? 0) + 1);
      (d[i] as number[])[j] = best;
    }
  }
  return d[a.length]?.[b.length] ?? max + 1;
}

const KNOWN = VARIABLES.map((v) => v.name);

/** "RM_BASE_ULR is not a variable of the suite: did you mean RM_BASE_URL?" for each such name set (non-empty) in `env`. */
export function typoProblems(env: Env): string[] {
  const problems: string[] = [];
  for (const name of Object.keys(env).sort()) {
    if (!OWNED_PREFIXES.some((p) => name.startsWith(p)) || KNOWN.includes(name)) continue;
    const near = KNOWN.map((k) => ({ k, d: editDistance(name, k) }))
      .filter((x) => x.d <= 2)
      .sort((x, y) => x.d - y.d || x.k.localeCompare(y.k));
    if (near[0]) problems.push(`${name} is not a variable of the suite: did you mean ${near[0].k}? (npm start -- --help lists them all)`);
  }
  return problems;
}
