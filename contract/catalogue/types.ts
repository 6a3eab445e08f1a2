/**
 * The operation catalogue: one entry per documented operation of the seed documents.
 * Data lives in schemas/<api>/operations.json; this file is its type. Specs, generators,
 * the reference server's request validation, the conformance matrix and the OpenAPI export
 * all read the catalogue, so nothing repeats it by hand.
 */
import type { ClauseId } from '../clauses';

/** The three APIs (and Playwright projects) of the suite. */
export type ApiName = 'rm' | 'hr' | 'learning';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The section of a seed document a rule comes from (its sentence is a clause, contract/clauses), e.g. "000 §4 Operations" or "001 §7.2". */
export type SectionRef = string;

/** How an operation authenticates (seed 000 §5, seed 001 §5). */
export type AuthScheme = 'hmacBasic' | 'oauthBearer';

export interface ParameterSpec {
  name: string;
  /** Inline JSON Schema of the value (as sent on the wire, before URL encoding). */
  schema: Record<string, unknown>;
  description?: string;
  section: SectionRef;
}

export interface FilterSpec extends ParameterSpec {
  /** The query key as sent, e.g. "filter[updated_at][lt]". */
  name: string;
  /** The rule in words, from the seed's filter table. */
  rule: string;
}

export interface RequestBodySpec {
  /** $id of the request body schema. */
  schema: string;
  contentType: string;
  section: SectionRef;
}

export interface ResponseSpec {
  /** A concrete status ("201") or, where the document gives none, a class ("2xx", "4xx"). */
  status: string;
  description: string;
  /** $id of the response body schema, where the document shows one. */
  schema?: string;
  section: SectionRef;
  /** The clause (contract/clauses/registry.ts) that documents this status. */
  clause: ClauseId;
}

export interface OperationSpec {
  /** Stable id, e.g. "rm.candidates.create". */
  id: string;
  api: ApiName;
  method: HttpMethod;
  /** Path template relative to the API's base URL, e.g. "/candidates/{candidateId}". */
  path: string;
  summary: string;
  /** Resource family, used as the Allure "resource" label, e.g. "candidates". */
  resource: string;
  section: SectionRef;
  /** The clause of the operation's row in its document's operation table. */
  clause: ClauseId;
  auth: AuthScheme;
  pathParams: ParameterSpec[];
  query: ParameterSpec[];
  /** Allowed values of `include` (seed 000 §4 "Allowed include values"). */
  include: string[];
  filters: FilterSpec[];
  requestBody?: RequestBodySpec;
  responses: ResponseSpec[];
  /** Things the document says about this operation that cannot be tested, with the reason. */
  untestable?: { what: string; reason: string; status?: string }[];
}

export interface CatalogueFile {
  api: ApiName;
  /** File name of the seed document under ../shared/seeds/. */
  seedFile: string;
  title: string;
  version: string;
  operations: Omit<OperationSpec, 'api'>[];
}
