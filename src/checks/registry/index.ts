/** The check registry: every check the suite can fail a target with, one file each. */
import type { CitedBy } from '../define';
import accessLevel from './access-level';
import authEnforced from './auth-enforced';
import cursor from './cursor';
import filter from './filter';
import filterCap from './filter-cap';
import hierarchy from './hierarchy';
import include from './include';
import jsonBody from './json-body';
import membership from './membership';
import noServerError from './no-server-error';
import noTrace from './no-trace';
import notFound from './not-found';
import pagination from './pagination';
import schema from './schema';
import scope from './scope';
import setup from './setup';
import state from './state';
import status from './status';
import token from './token';
import transport from './transport';
import validation from './validation';
import validationMessage from './validation-message';

export const CHECK_LIST = [
  transport,
  noServerError,
  status,
  authEnforced,
  scope,
  token,
  notFound,
  validation,
  validationMessage,
  jsonBody,
  schema,
  pagination,
  cursor,
  filterCap,
  filter,
  include,
  membership,
  noTrace,
  state,
  hierarchy,
  accessLevel,
  setup,
] as const;

type Defs = (typeof CHECK_LIST)[number];
export type CheckName = Defs['name'];
export type CheckOf<N extends CheckName> = Extract<Defs, { name: N }>;
/** The clause ids check N may cite. */
export type ClauseOf<N extends CheckName> = CitedBy<CheckOf<N>>;

export const CHECKS: Readonly<Record<CheckName, Defs>> = Object.freeze(
  Object.fromEntries(CHECK_LIST.map((c) => [c.name, c])) as Record<CheckName, Defs>,
);
