// Public types of the schema → fast-check compiler.

/** Resolves an absolute schema URI (no fragment) to the schema document. */
export type SchemaResolver = (id: string) => Record<string, unknown>;

export interface GenOptions {
  /** Looks up schema documents named by `$ref` or by a string id; defaults to the project registry. */
  resolve?: SchemaResolver;
  /** Upper bound on generated array lengths when the schema sets none (default 3). */
  maxArrayLength?: number;
  /** Probability that an optional property is present (default 0.5). */
  optionalProbability?: number;
  /** Fixed values by JSON pointer, e.g. { '/data/type': 'candidates' }; the spot is always present. */
  overrides?: Record<string, unknown>;
  /**
   * Occasionally add a property the schema does not constrain, where the schema allows it (default false:
   * request bodies sent to servers should not carry junk).
   */
  extraProperties?: boolean;
}

export interface BreakableRule {
  /** Human label, e.g. "required property /data/attributes/email removed". */
  rule: string;
  /** The ajv keyword expected to reject the broken value. */
  keyword: string;
  /** ajv-style instancePath of the error ("" for the root); for `required` it is the object's path. */
  instancePath: string;
  /** For `required`: the removed property, as ajv reports it in params.missingProperty. */
  missingProperty?: string;
}

export interface InvalidCase extends BreakableRule {
  value: unknown;
}

export interface InvalidOptions extends GenOptions {
  /** Restrict to the rules with these labels (as listed by breakableRules). */
  rules?: readonly string[];
}
