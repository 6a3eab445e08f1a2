/**
 * What the reference server is started with: at most a few named faults (realistic defects, to
 * prove the suite catches them) and variants (lawful alternatives where the documents are silent,
 * to prove the suite does not falsely fail them). Neither is ever on by default.
 */
import { FAULTS, VARIANTS } from './faults-and-variants';

export class Behaviour {
  private readonly active: ReadonlySet<string>;

  constructor(
    readonly faults: readonly string[] = [],
    readonly variants: readonly string[] = [],
  ) {
    const known = new Set([...FAULTS.map((f) => f.name), ...VARIANTS.map((v) => v.name)]);
    for (const name of [...faults, ...variants]) {
      if (!known.has(name)) throw new Error(`Unknown fault or variant "${name}". Known: ${[...known].sort().join(', ')}`);
    }
    this.active = new Set([...faults, ...variants]);
  }

  /** True when the named fault or variant is switched on. */
  has(name: string): boolean {
    return this.active.has(name);
  }

  static none(): Behaviour {
    return new Behaviour();
  }
}
