/**
 * `npm run readings`: every ambiguous sentence the suite has decided, from the readings registry
 * itself: its clause (quoted), the decision, the check that judges it, and each lawful reading with
 * the frameworks that ship it. `--json` for machines.
 */
import { CLAUSES, clauseLine, type ClauseId } from '../../contract/clauses';
import { READINGS } from '../readings';
import { wrap } from '../../lib/usage/index';
import { parseCliArgs } from './help';

export interface ReadingsListing {
  entries: {
    id: string;
    decision: string;
    clause: { id: string; sentence: string };
    question: string;
    judgedBy: string;
    readings: { id: string; name: string; frameworks: readonly string[] }[];
  }[];
}

export function readingsListing(): ReadingsListing {
  return {
    entries: READINGS.map((e) => ({
      id: e.id,
      decision: e.decision,
      clause: { id: e.clause, sentence: clauseLine(CLAUSES[e.clause as ClauseId]) },
      question: e.question,
      judgedBy: e.judgedBy,
      readings: e.readings.map((r) => ({ id: r.id, name: r.name, frameworks: r.frameworks })),
    })),
  };
}

export function readingsText(listing: ReadingsListing): string {
  const lines: string[] = [
    `${listing.entries.length} ambiguous sentences, ${listing.entries.reduce((n, e) => n + e.readings.length, 0)} lawful readings (a statement names entry and reading ids)`,
  ];
  for (const e of listing.entries) {
    const at = (text: string, indent: number): string => `${' '.repeat(indent)}${wrap(text, indent)}`;
    lines.push('', `${e.id}  (${e.decision}, judged by ${e.judgedBy})`, at(e.clause.sentence, 2), at(e.question, 2));
    for (const r of e.readings) {
      lines.push(at(`- ${r.id}: ${r.name}`, 2));
      if (r.frameworks.length) lines.push(at(`shipped by: ${r.frameworks.join('; ')}`, 6));
    }
  }
  return lines.join('\n');
}

function main(): void {
  const { values } = parseCliArgs('readings', { options: { json: { type: 'boolean', default: false } }, strict: true });
  const listing = readingsListing();
  console.log(values.json ? JSON.stringify(listing, null, 2) : readingsText(listing));
}

if (require.main === module) main();
