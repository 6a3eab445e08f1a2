/**
 * Names the documents leave unclear, fixed once here so specs, generators and the reference server agree.
 */

/**
 * The learning activity's `{id}` object is named "the service" in 001 §2 (a vendor name was removed
 * from the document); the suite calls the property `provider`. See schemas/DECISIONS.md.
 */
export const LEARNING_PROVIDER_FIELD = 'provider' as const;
