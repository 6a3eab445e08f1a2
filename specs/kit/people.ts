/**
 * People the suite's records are (src/generators/realistic.ts): names as people have them, a phone
 * number of their country's plan, an address as they type it. Each worker walks the pool from its
 * own place, so that workers make different people.
 */
import { personAt, type Person } from '../../src/generators/realistic';

let people = 0;

/** The next person of the pool, round it. */
export function nextPerson(): Person {
  people += 1;
  return personAt(process.pid + people);
}
