// Filters (part 4 "Filters" table): candidates (updated_at lt/gte, email eq, archived, anonymised,
// ats_candidates/ats_uid/resume exists), events (kind, created_at gte/lte), messages (conversation exists), jobs (q eq).
import type { Choices } from './choices';
import { HttpError, badRequest } from './errors';
import { isEmail, parseBoolean, parseDateTime } from './formats';
import { EVENT_KINDS, type Rec, T, linksOf, stampMicros, strAttr } from './model';
import { type ParsedQuery, filterValue } from './query';
import type { Store } from './store';

export interface FilterResult {
  /** true when at least one filter of the table was given (the record cap of part 8 then applies) */
  present: boolean;
  keep: (rec: Rec) => boolean;
}

type Pred = (rec: Rec) => boolean;

class Builder {
  present = false;
  readonly preds: Pred[] = [];
  constructor(
    readonly q: ParsedQuery,
    readonly choices: Choices,
  ) {}

  value(name: string, op: string | null): string | undefined {
    const v = filterValue(this.q, name, op);
    if (v !== undefined) this.present = true;
    return v;
  }

  bool(name: string, op: string | null): boolean | undefined {
    const v = this.value(name, op);
    if (v === undefined) return undefined;
    const mode = this.choices.booleanFilter;
    const b = parseBoolean(v, mode);
    if (b === null && mode !== 'loose') {
      throw fieldRefusal(`filter \`${name}\` takes \`true\` or \`false\``, name, op, `“${v}” value must be either True or False.`);
    }
    return b ?? undefined;
  }

  /** epoch microseconds */
  dateTime(name: string, op: string): number | undefined {
    const v = this.value(name, op);
    if (v === undefined) return undefined;
    const mode = this.choices.dateTimeFilter;
    const micros = parseDateTime(v, mode);
    if (micros === null && mode !== 'loose') {
      throw fieldRefusal(`filter \`${name}[${op}]\` takes an RFC 3339 date-time`, name, op, 'Enter a valid date/time.');
    }
    return micros ?? undefined;
  }

  exists(name: string, test: Pred): void {
    const b = this.bool(name, 'exists');
    if (b !== undefined) this.preds.push((r) => test(r) === b);
  }

  /** A `true`/`false` flag whose default is `false` (archived, anonymised). */
  flag(name: string, test: Pred): void {
    const b = this.bool(name, null) ?? false;
    if (!b) this.preds.push((r) => !test(r));
    else if (this.choices.flagTrue === 'only') this.preds.push(test);
  }

  timeRange(name: string, attr: string, lower: 'gte', upper: 'lt' | 'lte'): void {
    const lo = this.dateTime(name, lower);
    const hi = this.dateTime(name, upper);
    const precise = this.choices.utcPrecision === 'us' || this.choices.storedPrecision === 'us';
    const at = (r: Rec): number => stampMicros(r, attr, precise) ?? 0;
    if (lo !== undefined) this.preds.push((r) => at(r) >= lo);
    if (hi !== undefined) this.preds.push(upper === 'lt' ? (r) => at(r) < hi : (r) => at(r) <= hi);
  }

  result(): FilterResult {
    const preds = this.preds;
    return { present: this.present, keep: (r) => preds.every((p) => p(r)) };
  }
}

/** 400 for a filter value; django-filter's answer is a field dictionary keyed by the query parameter. */
function fieldRefusal(detail: string, name: string, op: string | null, drf: string): HttpError {
  const key = op === null ? `filter[${name}]` : `filter[${name}][${op}]`;
  return new HttpError(400, detail, undefined, {}, { drf, fields: { [key]: [drf] } });
}

export function candidateFilter(q: ParsedQuery, choices: Choices, store: Store): FilterResult {
  const b = new Builder(q, choices);
  b.timeRange('updated_at', 'updated_at', 'gte', 'lt');
  const email = b.value('email', 'eq');
  if (email !== undefined) {
    if (choices.emailFilterCheck && !isEmail(email, 'strict')) throw badRequest('filter `email[eq]` takes an e-mail address');
    const sent = choices.emailCheck === 'loose' ? email.replace(/ /g, '+') : email;
    const wanted = choices.emailStored === 'lower-cased' ? sent.toLowerCase() : sent;
    b.preds.push((r) => strAttr(r, 'email') === wanted);
  }
  b.flag('archived', (r) => r.attrs.archived_status === 'archived');
  b.flag('anonymised', (r) => r.hidden.anonymised === true);
  b.exists('ats_candidates', (r) => store.related(r, 'events').some((e) => e.attrs.kind === 'ats'));
  b.exists('ats_uid', (r) => r.hidden.atsUid !== undefined);
  b.exists('resume', (r) => store.related(r, 'resumes').some((f) => f.hidden.extracted === true));
  return b.result();
}

export function eventFilter(q: ParsedQuery, choices: Choices): FilterResult {
  const b = new Builder(q, choices);
  const kinds: string[] = [];
  let kindGiven = false;
  for (const f of q.filters.values()) {
    if (f.name !== 'kind' || (choices.rejectUnknownQuery && f.op !== null && f.op !== '')) continue;
    kindGiven = true;
    b.present = true;
    if (choices.kindArrayForm === 'brackets') {
      // Rack reads filter[kind][]=a&filter[kind][]=b as an array; a comma-joined value names no kind.
      const joined = f.values.find((v) => v.includes(','));
      if (joined !== undefined) {
        throw badRequest(`filter \`kind\` is an array: send filter[kind][]=<kind> once per kind (\`${joined}\` is no event kind)`);
      }
    }
    kinds.push(
      ...f.values
        .flatMap((v) => v.split(','))
        .map((k) => k.trim())
        .filter((k) => k !== ''),
    );
  }
  if (kindGiven) {
    if (choices.rejectUnknownQuery && kinds.length === 0) throw badRequest('filter `kind` needs at least one event kind');
    const unknown = kinds.find((k) => !EVENT_KINDS.includes(k));
    if (choices.rejectUnknownKinds && unknown !== undefined) {
      throw fieldRefusal(
        `unknown event kind \`${unknown}\``,
        'kind',
        null,
        `Select a valid choice. ${unknown} is not one of the available choices.`,
      );
    }
    if (kinds.length > 0) b.preds.push((r) => kinds.includes(String(r.attrs.kind)));
  }
  b.timeRange('created_at', 'created_at', 'gte', 'lte');
  return b.result();
}

export function messageFilter(q: ParsedQuery, choices: Choices): FilterResult {
  const b = new Builder(q, choices);
  const inConversation = (r: Rec): boolean => linksOf(r.rels.conversation).length > 0;
  const v = b.bool('conversation', 'exists');
  if (v === true) b.preds.push(inConversation);
  if (v === false && choices.conversationFalse === 'outside') b.preds.push((r) => !inConversation(r));
  return b.result();
}

export function jobFilter(q: ParsedQuery, choices: Choices): FilterResult {
  const b = new Builder(q, choices);
  const text = b.value('q', 'eq');
  if (text !== undefined && text.trim() !== '') b.preds.push((r) => jobMatches(r, text.trim().toLowerCase()));
  return b.result();
}

/** Exact match on ids, codes and title; wildcard (`*`) or substring match on the free-text fields. */
function jobMatches(job: Rec, needle: string): boolean {
  if (job.type !== T.job) return false;
  if ((job.hidden.searchExact ?? []).some((v) => v.toLowerCase() === needle)) return true;
  const haystack = (job.hidden.searchText ?? []).map((v) => v.toLowerCase());
  if (needle.includes('*')) {
    const pattern = new RegExp(
      needle
        .split('*')
        .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*'),
    );
    return haystack.some((v) => pattern.test(v));
  }
  return haystack.some((v) => v.includes(needle));
}
