/**
 * The terms of the documents: the words of seed 001 (../shared/seeds/001_a9e2e7eab7c908bd.txt) that
 * the suite sends or expects byte for byte, written once here. The specs (specs/kit/), the
 * reference server (servers/reference/v3/) and the OpenAPI export (contract/openapi/export.ts) import them;
 * none of them keeps a copy. test/unit/terms.test.ts proves every message and the scope appear
 * word for word in the section of the seed named beside them.
 *
 * Not used by servers/personas/**: the personas are independent servers written from the documents
 * alone, on purpose (a second reading of the same words), so they keep their own copies. Do not
 * point them here.
 *
 * This module imports nothing, so that any layer can use it without an import cycle.
 */

/**
 * 001 §5 Authentication, item 2: "The token request must ask for the scope `Public.HrCore.Write`;
 * several scopes are requested as a space-separated list." The scope every HR core write needs.
 */
export const HR_WRITE_SCOPE = 'Public.HrCore.Write';

/**
 * 001 §7 Errors, item 2 "Learning validation messages": the Message column of its table, word for
 * word, one entry per row ("The list is not exhaustive"). Keys are the suite's names for the rows.
 */
export const LEARNING_MESSAGES = {
  /** Row "activity is orgwide and accessLevel is altered". */
  fromOrgwide: 'Cannot change access level from org-wide',
  /** Row "activity is public or private and accessLevel is set to orgwide". */
  toOrgwide: 'Cannot change access level to org-wide',
  /** Row "supplied aggregate id differs from the stored one". */
  aggregateId: 'Cannot change Aggregate ID for an existing activity',
  /** Row "the activity or its children refer back to themselves" (001 §2 does not name the child-activity field). */
  circular: 'Child activity would create a circular reference',
  /** Row "a cost field (attendenceCost, cancellationCost, otherCost) is sent without currency.code". */
  costWithoutCurrency: 'If cost is supplied then currency code also needs to be supplied',
  /** Row "currency.code is sent without any cost". */
  currencyWithoutCost: 'If currency code is supplied at least one cost also needs to be supplied',
  /** Row "public or private activity uses a content type other than text or weblink". */
  contentType: 'Invalid access level for content type',
  /** Row "a field not allowed for the activity's access level is used". */
  fieldForAccessLevel: 'Field is invalid for access level',
  /** Row "image.tempKey does not exist in temporary storage". */
  image: 'Image does not exist',
} as const;

export type LearningMessageKey = keyof typeof LEARNING_MESSAGES;

/**
 * 001 §2 Resources and their fields, "Learning activity", row "the service": an object `{id}`
 * required on create. The document gives the row no property name (a vendor name was removed);
 * the suite's schemas, generators and reference server call it `provider` (schemas/DECISIONS.md
 * D26). Not a quote of the seed, so terms.test.ts does not look for it there; a target's own name
 * is discovered by the specs (specs/kit/v3-learning.ts providerFieldCandidates).
 */
export const LEARNING_PROVIDER_FIELD = 'provider' as const;

/** The kinds 000 §2 lists as "values accepted by the `kind` filter", in the document's order. */
export const EVENT_KINDS = [
  'view',
  'cta',
  'email',
  'lifecycle',
  'ats',
  'user_modification',
  'subscription',
  'unsubscription',
  'video',
  'search',
  'reapplication',
  'consent_accepted',
  'consent_rejected',
  'chatbot_message',
  'chatbot_fulfilment',
  'chat_message',
  'candidate_referral',
  'application',
] as const;
