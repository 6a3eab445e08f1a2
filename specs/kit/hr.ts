/**
 * The spec kit's face for HR core v3 (001): its records (employee, business units, position) and
 * what every v3 spec shares: run-tagged ids and outcomes, writes, tokens, traces and the catalogue
 * rules. A spec of specs/hr/ imports this and the core (`../kit`).
 */
export { fixedBearer } from '../../src/auth/oauth';
export * from './v3';
export * from './v3-hr';
export * from './v3-rules';
export * from './v3-token';
export * from './v3-writes';
export * from './v3-traces';
