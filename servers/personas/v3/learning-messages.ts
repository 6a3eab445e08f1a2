/**
 * The learning validation messages, word for word.
 * Document part 7 item 2, "Learning validation messages" table.
 */
export const MESSAGES = {
  fromOrgwide: 'Cannot change access level from org-wide',
  toOrgwide: 'Cannot change access level to org-wide',
  aggregateChange: 'Cannot change Aggregate ID for an existing activity',
  circularChild: 'Child activity would create a circular reference',
  costWithoutCurrency: 'If cost is supplied then currency code also needs to be supplied',
  currencyWithoutCost: 'If currency code is supplied at least one cost also needs to be supplied',
  contentTypeForLevel: 'Invalid access level for content type',
  fieldForLevel: 'Field is invalid for access level',
  imageMissing: 'Image does not exist',
} as const;
