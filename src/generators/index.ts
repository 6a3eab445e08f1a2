// Schema-driven generators: valid values and one-rule-broken invalid values as fast-check arbitraries.
export { validArbitrary } from './schema-arbitrary.js';
export { invalidArbitrary, invalidArbitrariesByRule, breakableRules } from './invalid-arbitrary.js';
export { formatArbitrary, badFormatValues } from './formats.js';
export type { SchemaResolver, GenOptions, InvalidOptions, InvalidCase, BreakableRule } from './types.js';
export {
  PEOPLE,
  PLAIN_NAME,
  anyPhoneNumber,
  isPlainPerson,
  isUsualLocalPart,
  personAt,
  personalEmail,
  phoneNumber,
  plainName,
  plainPhone,
  plainPerson,
  type Person,
  type PhoneCountry,
  type PhoneKind,
  type PhoneNumber,
} from './realistic.js';
