/**
 * The spec kit's face for RM v2 (000): its records, bodies and names, discovery of existing records,
 * walks and windows of pages, include, eventual reads, the no-trace reads, the property runner's RM
 * side, the catalogue rules (credentials, unknown path ids), HTTP basic credentials, and the readings
 * a spec judges a write's answer by. A spec of specs/rm/ imports this and the core (`../kit`).
 */
export { hmacBasicAuth } from '../../src/auth/hmac-basic';
export {
  RM_DATE_LAYOUT,
  RM_FILE_NOT_BASE64,
  RM_TAG_WITHOUT_EMAIL,
  RM_UNTIED_RULE,
  RM_UNTYPED_BODY,
} from '../../src/readings/entries/rm-records';
export * from './rm-bodies';
export * from './rm-discovery';
export * from './rm-doc';
export * from './rm-eventually';
export * from './rm-include';
export * from './rm-names';
export * from './rm-own';
export * from './rm-no-trace';
export * from './rm-property';
export * from './rm-records';
export * from './rm-shared';
export * from './rm-walk';
export * from './rm-window';
export * from './rm-rules';
