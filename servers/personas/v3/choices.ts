/**
 * The persona table: every choice where the document is silent, in one place, so the two personas differ only
 * here. README.md quotes, for each row, the sentence of the document that leaves it open.
 * Document: HR core and Learning Activities API v3, parts 2-8; RFC 6749 §4.4, §5.1, §5.2.
 */
import { HR_SCOPE } from './seed';

export type PersonaMode = 'lenient' | 'strict';

/** Which fields a public or private learning activity may carry (part 2: "only a limited set"). */
export type RestrictedFieldPolicy =
  | { readonly kind: 'deny'; readonly fields: readonly string[] }
  | { readonly kind: 'allow'; readonly fields: readonly string[] };

export interface PersonaChoices {
  readonly mode: PersonaMode;
  readonly http: {
    /** 415 when the body is not declared `application/json`. */
    readonly requireJsonContentType: boolean;
    /** `single`: `{"message"}`; `list`: `{"errors":[{"field","message"}]}` with every problem found. */
    readonly errorShape: 'single' | 'list';
    /** Accept a trailing slash on HR paths too (the document allows it on the learning path). */
    readonly hrTrailingSlash: boolean;
  };
  readonly token: {
    /** 400 invalid_request unless the body is declared `application/x-www-form-urlencoded`. */
    readonly requireFormContentType: boolean;
    /** No scope requested: `default` grants Public.HrCore.Write; `refuse` answers invalid_scope. */
    readonly missingScope: 'default' | 'refuse';
    /** invalid_scope when the requested scopes do not include Public.HrCore.Write. */
    readonly requireHrScope: boolean;
    /** `requested`: grant every scope asked for; `known`: grant only Public.HrCore.Write. */
    readonly grant: 'requested' | 'known';
    readonly includeExpiresIn: boolean;
    /** Always return `scope` (otherwise only when it differs from the request, as RFC 6749 §5.1 requires). */
    readonly alwaysIncludeScope: boolean;
    /** Status of invalid_client when the client did not use HTTP basic (RFC 6749 §5.2 allows 400 or 401). */
    readonly invalidClientStatus: 400 | 401;
    /** invalid_request for a repeated parameter or for two client authentication methods at once. */
    readonly refuseAmbiguousRequests: boolean;
    readonly errorDescriptions: boolean;
  };
  readonly auth: {
    /** Status for a valid token lacking Public.HrCore.Write on an HR operation. */
    readonly insufficientScopeStatus: 401 | 403;
    /** Scope required on the learning operation; null: any valid token. */
    readonly learningScope: string | null;
    /** JSON body on 401/403 (otherwise empty, the WWW-Authenticate header says why). */
    readonly errorBody: boolean;
  };
  readonly values: {
    /** Every boolean also accepts "true"/"false" (business unit `archive` always does). */
    readonly booleanStrings: boolean;
    /** Dates must be YYYY-MM-DD or YYYYMMDD (time part ignored); otherwise any string. */
    readonly strictDates: boolean;
    readonly allowNegative: boolean;
  };
  readonly lifecycle: {
    /** Archive flag on an unknown record: `create` it archived (if create rules are met) or `refuse` with 404. */
    readonly archiveMissing: 'create' | 'refuse';
    /** archive/isArchived false (or null) on an archived record restores it. */
    readonly allowUnarchive: boolean;
    /** null on a field required on create removes it. */
    readonly allowRemovingRequired: boolean;
    /** "" counts as a missing required field. */
    readonly emptyRequiredIsMissing: boolean;
  };
  readonly hr: {
    /** `empty`: 204 without body; `json`: 201 on create, 200 otherwise, `{externalId, status}`. */
    readonly success: 'empty' | 'json';
    /** Fields not listed in part 2 (top level and nested) are accepted and stored. */
    readonly allowUnknownFields: boolean;
    /** A create carrying only `externalId` (employee: nothing else is required). */
    readonly allowKeyOnlyCreate: boolean;
    /** Which lower-level business units block archiving their parent. */
    readonly archiveBlockedBy: 'activeChildren' | 'anyChildren';
    readonly archiveRefusalStatus: 400 | 409;
    /** A business unit may not name an archived parent. */
    readonly refuseArchivedParent: boolean;
    /** Position and employee references to business units and positions must exist. */
    readonly checkReferences: boolean;
    /** PUT /employee/{id} may replace an externalId already set, or take one another employee holds. */
    readonly allowRekey: boolean;
  };
  readonly learning: {
    /** Also accept the provider object under the key `service` (the document's text shows "the service"). */
    readonly acceptServiceAlias: boolean;
    /** provider.id and owner.id must be the ids issued at registration. */
    readonly requireIssuedIds: boolean;
    readonly restrictedLevelFields: RestrictedFieldPolicy;
    /** accessLevel values beyond orgwide, public and private. */
    readonly allowUnknownAccessLevel: boolean;
    /** Content types accepted at orgwide; null: any. */
    readonly knownContentTypes: readonly string[] | null;
    /** currency.code must be three capital letters (ISO 4217 form). */
    readonly currencyCodeFormat: boolean;
    /** durationPeriod values accepted; null: any string. */
    readonly durationPeriods: readonly string[] | null;
    /** A temporary image key is used up by the activity that takes it. */
    readonly consumeImageKey: boolean;
    /** Child activities must exist. */
    readonly requireKnownChildren: boolean;
    /** A new activity may not reuse another activity's aggregateId. */
    readonly uniqueAggregateIds: boolean;
    /** Update reply: `empty` 200 without body, or `json` 200 `{id, aggregateId, url}`. */
    readonly updateBody: 'empty' | 'json';
    /** An update with an empty object is a no-op (otherwise refused). */
    readonly allowEmptyUpdate: boolean;
    /** Unknown keys inside provider, owner, duration, costs, image (content is always open). */
    readonly allowUnknownNestedFields: boolean;
    /** A Location header (the activity's url) on 201. */
    readonly locationHeader: boolean;
  };
}

/** Fields a public or private activity may use in the strict persona. */
export const STRICT_RESTRICTED_ALLOWED: readonly string[] = [
  'provider',
  'owner',
  'accessLevel',
  'title',
  'description',
  'content',
  'duration',
  'costs',
  'image',
  'isArchived',
  'aggregateId',
];

export const CHOICES: Readonly<Record<PersonaMode, PersonaChoices>> = {
  lenient: {
    mode: 'lenient',
    http: { requireJsonContentType: false, errorShape: 'single', hrTrailingSlash: true },
    token: {
      requireFormContentType: false,
      missingScope: 'default',
      requireHrScope: false,
      grant: 'requested',
      includeExpiresIn: false,
      alwaysIncludeScope: false,
      invalidClientStatus: 400,
      refuseAmbiguousRequests: false,
      errorDescriptions: false,
    },
    auth: { insufficientScopeStatus: 401, learningScope: null, errorBody: false },
    values: { booleanStrings: true, strictDates: false, allowNegative: true },
    lifecycle: { archiveMissing: 'create', allowUnarchive: true, allowRemovingRequired: true, emptyRequiredIsMissing: false },
    hr: {
      success: 'empty',
      allowUnknownFields: true,
      allowKeyOnlyCreate: true,
      archiveBlockedBy: 'activeChildren',
      archiveRefusalStatus: 400,
      refuseArchivedParent: false,
      checkReferences: false,
      allowRekey: true,
    },
    learning: {
      acceptServiceAlias: true,
      requireIssuedIds: false,
      restrictedLevelFields: { kind: 'deny', fields: ['code'] },
      allowUnknownAccessLevel: true,
      knownContentTypes: null,
      currencyCodeFormat: false,
      durationPeriods: null,
      consumeImageKey: false,
      requireKnownChildren: false,
      uniqueAggregateIds: false,
      updateBody: 'empty',
      allowEmptyUpdate: true,
      allowUnknownNestedFields: true,
      locationHeader: false,
    },
  },
  strict: {
    mode: 'strict',
    http: { requireJsonContentType: true, errorShape: 'list', hrTrailingSlash: false },
    token: {
      requireFormContentType: true,
      missingScope: 'refuse',
      requireHrScope: true,
      grant: 'known',
      includeExpiresIn: true,
      alwaysIncludeScope: true,
      invalidClientStatus: 401,
      refuseAmbiguousRequests: true,
      errorDescriptions: true,
    },
    auth: { insufficientScopeStatus: 403, learningScope: HR_SCOPE, errorBody: true },
    values: { booleanStrings: false, strictDates: true, allowNegative: false },
    lifecycle: { archiveMissing: 'refuse', allowUnarchive: false, allowRemovingRequired: false, emptyRequiredIsMissing: true },
    hr: {
      success: 'json',
      allowUnknownFields: false,
      allowKeyOnlyCreate: false,
      archiveBlockedBy: 'anyChildren',
      archiveRefusalStatus: 409,
      refuseArchivedParent: true,
      checkReferences: true,
      allowRekey: false,
    },
    learning: {
      acceptServiceAlias: false,
      requireIssuedIds: true,
      restrictedLevelFields: { kind: 'allow', fields: STRICT_RESTRICTED_ALLOWED },
      allowUnknownAccessLevel: false,
      knownContentTypes: ['text', 'weblink', 'scormcourse'],
      currencyCodeFormat: true,
      durationPeriods: ['minutes'],
      consumeImageKey: true,
      requireKnownChildren: true,
      uniqueAggregateIds: true,
      updateBody: 'json',
      allowEmptyUpdate: false,
      allowUnknownNestedFields: false,
      locationHeader: true,
    },
  },
};
