/**
 * Readings of the HR core sentences of 001 (§2 Business unit, §3, §4 Shared write rules) that admit
 * more than one reading: a field sent as null inside an object (D19), a unit's parent id on a later
 * write (D21), archive as a string (D22), the archive of a unit whose lower-level units are archived (D38),
 * a unit moved to another parent (D93).
 */
import { defineReadings, type ReadingsEntry } from '../types';
import { accepted, refusedWithMessage, wrote, type WriteShown } from './v3-shown';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A stored record, an update sent to it, and the record as it would read afterwards (no read operation shows it: 001 §4 Gaps). */
export interface NullUpdateShown {
  readonly stored: JsonObject;
  readonly sent: JsonObject;
  readonly after: JsonObject;
}

/** RFC 7396 JSON Merge Patch: null removes a member, an object merges member by member, anything else replaces. */
function mergePatch(target: Json | undefined, patch: Json): Json {
  if (!isObject(patch)) return patch;
  const out: JsonObject = isObject(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}

/** Null values left out, at any depth. */
function withoutNulls(value: Json): Json {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, withoutNulls(v)]),
  );
}

/** Top-level members replaced by what was sent (a top-level null removes), objects with their null members left out. */
function replaceMembers(stored: JsonObject, sent: JsonObject): JsonObject {
  const out: JsonObject = { ...stored };
  for (const [k, v] of Object.entries(sent)) {
    if (v === null) delete out[k];
    else out[k] = withoutNulls(v);
  }
  return out;
}

const same = (a: Json, b: Json): boolean => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
function sorted(value: Json): Json {
  if (Array.isArray(value)) return value.map(sorted);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, sorted(value[k] ?? null)]),
  );
}

const STORED: JsonObject = { externalId: 'e-1', mobilePhone: '+61 400 000 000', location: { postCode: '2000', state: 'NSW' } };
const SENT: JsonObject = { externalId: 'e-1', mobilePhone: null, location: { postCode: null } };
const shown = (after: JsonObject): NullUpdateShown => ({ stored: STORED, sent: SENT, after });

export const HR_NULL_REMOVES: ReadingsEntry<NullUpdateShown> = defineReadings({
  id: 'hr.null.removes',
  decision: 'D19',
  clause: 'hr.rule.omitted-kept',
  question:
    '001 §4 rule 2 "Fields omitted in an update keep their value; a field sent as null is removed.": what does null inside an object ' +
    'sent in an update (location {postCode: null}) remove, and may an employee collection be sent as null (rule 3 names the empty array)?',
  judgedBy: 'schema',
  readings: [
    {
      id: 'member-removed',
      name: "JSON Merge Patch (RFC 7396): the member sent as null is removed, the object's other members kept; a collection sent as null removed",
      frameworks: ['JSON Merge Patch libraries', 'Jackson @JsonMerge', 'ASP.NET JsonPatch (merge)'],
      holds: (s: NullUpdateShown) => same(s.after, mergePatch(s.stored, s.sent)),
      shows: [shown({ externalId: 'e-1', location: { state: 'NSW' } })],
      not: [shown({ externalId: 'e-1', location: {} }), shown(STORED)],
    },
    {
      id: 'object-replaced',
      name: 'each member sent replaces the stored one: an object sent replaces the stored object (its null members absent); a top-level null removes',
      frameworks: ['ORM updates of the members sent (Rails update, Django partial serializers, EF Core SetValues)'],
      holds: (s: NullUpdateShown) => same(s.after, replaceMembers(s.stored, s.sent)),
      shows: [shown({ externalId: 'e-1', location: {} })],
      not: [shown({ externalId: 'e-1', location: { state: 'NSW' } }), shown({ ...STORED, mobilePhone: null })],
    },
  ],
});

export const HR_BU_PARENT_ON_UPDATE: ReadingsEntry<WriteShown> = defineReadings({
  id: 'hr.bu.parent-id.update',
  decision: 'D21',
  clause: 'hr.bu.level1ExternalId',
  question:
    '001 §2 "level1ExternalId | string; required when the record is level 2" (and so for levels 3 and 4): required on create only, or in ' +
    'every write of a level 2-4 unit? Is an update of a level 2 unit (a new name) without its parent id taken?',
  judgedBy: 'hierarchy',
  readings: [
    {
      id: 'create-only',
      name: 'required on create only: an update without the parent id is taken, and the unit keeps its parent (001 §4 rule 2)',
      frameworks: ['create/update DTOs apart'],
      holds: accepted,
      shows: [wrote('accepted')],
      not: [wrote('refused', false, true), wrote('other')],
    },
    {
      id: 'every-write',
      name: 'required in every request for a level 2-4 unit: an update without it is refused with a validation message',
      frameworks: ['one DTO validated on every write'],
      holds: refusedWithMessage,
      shows: [wrote('refused', false, true)],
      not: [wrote('accepted'), wrote('refused', false, false)],
    },
  ],
});

/** What `archive: "true"` did: on a unit a live lower-level unit references, and on a unit none references. */
export interface ArchiveStringShown {
  readonly referenced: WriteShown;
  readonly unreferenced: WriteShown;
}

export const HR_BU_ARCHIVE_STRING: ReadingsEntry<ArchiveStringShown> = defineReadings({
  id: 'hr.bu.archive.string',
  decision: 'D22',
  clause: 'hr.bu.archive',
  question:
    '001 §2 "archive | boolean (a string form of true or false also appears in use)": is archive "true" read as the flag, or refused as ' +
    'a string where a boolean is typed?',
  judgedBy: 'hierarchy',
  readings: [
    {
      id: 'string-is-the-flag',
      name: '"true" is archive true: a referenced unit refuses it (001 §3), an unreferenced one archives',
      frameworks: ['Jackson and most binders (a "true" string coerced to the boolean)'],
      holds: (s: ArchiveStringShown) => s.referenced.outcome === 'refused' && accepted(s.unreferenced),
      shows: [{ referenced: wrote('refused', false, true), unreferenced: wrote('accepted') }],
      not: [
        { referenced: wrote('accepted'), unreferenced: wrote('accepted') },
        { referenced: wrote('refused', false, true), unreferenced: wrote('refused', false, true) },
      ],
    },
    {
      id: 'string-refused',
      name: 'the string form is refused (the type is boolean), on every unit, with a validation message',
      frameworks: ['System.Text.Json, pydantic strict mode, JSON Schema validators'],
      holds: (s: ArchiveStringShown) => s.referenced.outcome === 'refused' && refusedWithMessage(s.unreferenced),
      shows: [{ referenced: wrote('refused', false, true), unreferenced: wrote('refused', false, true) }],
      not: [
        { referenced: wrote('refused', false, true), unreferenced: wrote('accepted') },
        // A string read as a plain value (no archive): the referenced unit's "archive" taken.
        { referenced: wrote('accepted'), unreferenced: wrote('accepted') },
      ],
    },
  ],
});

export const HR_BU_ARCHIVED_CHILDREN: ReadingsEntry<WriteShown> = defineReadings({
  id: 'hr.bu.archive.children-archived',
  decision: 'D38',
  clause: 'hr.state.bu-archive-refused',
  question:
    '001 §3 refuses the archive of a unit "referenced by a lower-level business unit": does an archived lower-level unit still reference ' +
    "its parent? Is the parent's archive taken once every unit below it is archived?",
  judgedBy: 'hierarchy',
  readings: [
    {
      id: 'archived-children-release',
      name: 'an archived unit references nothing: the parent archives',
      frameworks: ['soft-deleted rows left out of reference checks'],
      holds: accepted,
      shows: [wrote('accepted')],
      not: [wrote('refused', false, true), wrote('other')],
    },
    {
      id: 'archived-children-block',
      name: 'an archived unit still references its parent: the archive is refused with a validation message',
      frameworks: ['foreign keys kept on archived rows'],
      holds: refusedWithMessage,
      shows: [wrote('refused', false, true)],
      not: [wrote('accepted'), wrote('refused', false, false)],
    },
  ],
});

export const HR_BU_PARENT_CHANGE: ReadingsEntry<WriteShown> = defineReadings({
  id: 'hr.bu.parent-change',
  decision: 'D93',
  clause: 'hr.bu.level1ExternalId',
  question:
    '001 §2 "level1ExternalId | string; required when the record is level 2" (and so for levels 3 and 4) and §4 rule 2: may an update ' +
    'name another live parent, moving the unit? Nothing says a parent id is set once, nor that it may change.',
  judgedBy: 'hierarchy',
  readings: [
    {
      id: 'move-taken',
      name: 'the update is taken and the unit names the new parent from then on: the new parent refuses archive, the old one archives (001 §3)',
      frameworks: ['a parent id stored like any other field'],
      holds: accepted,
      shows: [wrote('accepted')],
      not: [wrote('refused', false, true), wrote('other')],
    },
    {
      id: 'move-refused',
      name: 'a parent id set on create does not change: the update is refused with a validation message',
      frameworks: ['hierarchies whose moves are an operation of their own'],
      holds: refusedWithMessage,
      shows: [wrote('refused', false, true)],
      not: [wrote('accepted'), wrote('refused', false, false)],
    },
  ],
});

export const V3_HR_READINGS = [
  HR_NULL_REMOVES,
  HR_BU_PARENT_ON_UPDATE,
  HR_BU_ARCHIVE_STRING,
  HR_BU_ARCHIVED_CHILDREN,
  HR_BU_PARENT_CHANGE,
] as const;
