/**
 * The vocabulary of check names, derived from the registry (src/checks/registry/): a failed check
 * carries its name in its verdict, and every fault of the reference server declares which of these catches it.
 */
import { CHECK_LIST, type CheckName } from './registry';

export type { CheckName } from './registry';

export const CHECK_NAMES: Readonly<Record<CheckName, string>> = Object.freeze(
  Object.fromEntries(CHECK_LIST.map((c) => [c.name, c.summary])) as Record<CheckName, string>,
);

export function isCheckName(name: string): name is CheckName {
  return Object.hasOwn(CHECK_NAMES, name);
}
