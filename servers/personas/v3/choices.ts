/**
 * The persona table: every choice where the document is silent, in one place, so the four personas differ only
 * here. README.md quotes, for each row, the sentence of the document that leaves it open.
 * Document: HR core and Learning Activities API v3, parts 2-8; RFC 6749 §4.4, §5.1, §5.2.
 */
import { CHILD_FIELD, HR_SCOPE, TENANT, TOKEN_PATH } from './seed';

export type PersonaMode = 'lenient' | 'strict' | 'frameworks' | 'alternate';

/** Which fields a public or private learning activity may carry (part 2: "only a limited set"). */
export type RestrictedFieldPolicy =
  | { readonly kind: 'deny'; readonly fields: readonly string[] }
  | { readonly kind: 'allow'; readonly fields: readonly string[] };

export interface PersonaChoices {
  readonly mode: PersonaMode;
  readonly http: {
    /** 415 when the body is not declared `application/json`. */
    readonly requireJsonContentType: boolean;
    /** Also accept `application/*+json` (Spring's Jackson converter). */
    readonly acceptJsonSuffix: boolean;
    /**
     * `single`: `{"message"}`; `list`: `{"errors":[{"field","message"}]}` with every problem found; `problem`: Spring
     * Boot's RFC 9457 `application/problem+json` (`type`, `title`, `status`, `detail`, `instance`, plus `errors`);
     * `validation-problem`: ASP.NET Core's RFC 7807 `ValidationProblemDetails` (`type`, `title`, `status`, `detail`,
     * `traceId`, and `errors` as a dictionary of messages per field, `{"name": ["..."]}`).
     */
    readonly errorShape: 'single' | 'list' | 'problem' | 'validation-problem';
    /** Status of a validation refusal (a missing required field, a value of the wrong type, a 001 §7 message). */
    readonly validationStatus: 400 | 422;
    /** Accept a trailing slash on HR paths too (the document allows it on the learning path). */
    readonly hrTrailingSlash: boolean;
    /** The bearer token is checked before the path is routed (Spring Security's filter chain: 401 before 404). */
    readonly authBeforeRouting: boolean;
    /** Spring defaults: OPTIONS answered 200 with `Allow`, Spring Security's response headers, microsecond timestamps. */
    readonly springExtras: boolean;
  };
  readonly token: {
    /** Path of the token endpoint (the document does not give one). */
    readonly path: string;
    /**
     * A body not declared `application/x-www-form-urlencoded`: `parse` it as a form anyway, `refuse` it (400
     * invalid_request), or read it as `empty` (Keycloak: "Missing form parameter: grant_type").
     */
    readonly nonFormBody: 'parse' | 'refuse' | 'empty';
    /** No scope requested: `default` grants Public.HrCore.Write; `refuse` answers invalid_scope. */
    readonly missingScope: 'default' | 'refuse';
    /** invalid_scope when the requested scopes do not include Public.HrCore.Write. */
    readonly requireHrScope: boolean;
    /**
     * `requested`: grant every scope asked for; `known`: grant only Public.HrCore.Write; `idp`: an identity provider's
     * client scopes (unknown scopes refused with invalid_scope, the default scope Public.HrCore.Write always added).
     */
    readonly grant: 'requested' | 'known' | 'idp' | 'drop-unknown';
    /** `expires_in`: left out, the lifetime (300), or the seconds left when the answer is written (299, as Azure AD does). */
    readonly expiresIn: 'none' | 'lifetime' | 'remaining';
    /** The JWT carries `exp` (otherwise `iat` only, and the server refuses the token 300 s after `iat`). */
    readonly jwtExp: boolean;
    /**
     * Error for a grant of RFC 6749 this client may not use (authorization_code, password, refresh_token, ...):
     * `unsupported_grant_type`, or `unauthorized_client` (a grant type the server does not know is always
     * `unsupported_grant_type`).
     */
    readonly otherGrantError: 'unsupported_grant_type' | 'unauthorized_client';
    /** Always return `scope` (otherwise only when it differs from the request, as RFC 6749 §5.1 requires). */
    readonly alwaysIncludeScope: boolean;
    /** Status of invalid_client when the client did not use HTTP basic (RFC 6749 §5.2 allows 400 or 401). */
    readonly invalidClientStatus: 400 | 401;
    /** invalid_request for a repeated parameter (two client authentication methods at once are refused by every persona). */
    readonly refuseAmbiguousRequests: boolean;
    readonly errorDescriptions: boolean;
    /**
     * Identity-provider style (Azure AD / Keycloak): RS256 with `kid` and a JWKS, `iat` = `nbf` backdated by
     * `backdateSeconds` for clock skew while `exp` stays issue + 300, extra claims (`ver`, `tid`, `azp`, `roles`...),
     * `ext_expires_in` and Keycloak members in the answer, Azure-style error bodies, OpenID discovery.
     */
    readonly idp: boolean;
    readonly backdateSeconds: number;
  };
  readonly auth: {
    /** Status for a valid token lacking Public.HrCore.Write on an HR operation. */
    readonly insufficientScopeStatus: 401 | 403;
    /** Status for a token sent but not valid (malformed, bad signature, expired): 401, or 403 as a gateway's deny. */
    readonly invalidTokenStatus: 401 | 403;
    /** Scope required on the learning operation; null: any valid token. */
    readonly learningScope: string | null;
    /** JSON body on 401/403 (otherwise empty, the WWW-Authenticate header says why). */
    readonly errorBody: boolean;
    /** Bearer challenge: with a realm, or as Spring Security writes it (error_description, error_uri). */
    readonly challengeStyle: 'realm' | 'spring';
  };
  readonly values: {
    /** Every boolean also accepts "true"/"false" (business unit `archive` always does). */
    readonly booleanStrings: boolean;
    /** Dates must be YYYY-MM-DD or YYYYMMDD (time part ignored); otherwise any string. */
    readonly strictDates: boolean;
    readonly allowNegative: boolean;
    /** Jackson's scalar coercion: "38" for a number, 5 or true for a string, "TRUE" or 1 for a boolean, 2.7 for an integer. */
    readonly coerceScalars: boolean;
    /** Bean Validation bounds where the document gives none (lengths, fte and baseHours ranges, e-mail, country code). */
    readonly bounds: boolean;
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
    /**
     * `empty`: 204 without body; `json`: 201 on create, 200 otherwise, `{externalId, status}`; `envelope`: 200
     * `{success: true, message, externalId, timestamp}`; `created-else-204`: 201 `{externalId, status}` on create,
     * 204 without body on update and archive.
     */
    readonly success: 'empty' | 'json' | 'envelope' | 'created-else-204';
    /** Fields not listed in part 2 (top level and nested): stored, refused, or ignored (Jackson's Spring Boot default). */
    readonly unknownFields: 'store' | 'refuse' | 'ignore';
    /**
     * Validation and business-rule refusals: with an error status (the persona's), or `envelope`: HTTP 200
     * `{success: false, message, errors, timestamp}` (part 7: "Failed validation returns a validation message in the
     * response; generic HTTP status errors may also occur"). Malformed JSON, auth, routing: always an error status.
     */
    readonly validationRefusal: 'status' | 'envelope';
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
    /** The provider object's key: `provider`, or `service` only (the document's own name, "the service"). */
    readonly providerField: 'provider' | 'service';
    /** aggregateId issued when none is sent: a UUID string, or an integer. */
    readonly aggregateIds: 'uuid' | 'integer';
    /** A change between public and private is allowed (else refused: 001 §7's list "is not exhaustive"). */
    readonly publicPrivateChange: boolean;
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
    /** Update reply: `empty` 200 without body, `json` 200 `{id, aggregateId, url}`, or the whole activity with timestamps. */
    readonly updateBody: 'empty' | 'json' | 'representation';
    /** Top-level fields outside the schema dropped before the rules (Jackson ignoring unknown properties). */
    readonly dropUnknownFields: boolean;
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
    http: {
      requireJsonContentType: false,
      acceptJsonSuffix: false,
      errorShape: 'single',
      hrTrailingSlash: true,
      authBeforeRouting: false,
      springExtras: false,
      validationStatus: 400,
    },
    token: {
      path: TOKEN_PATH,
      nonFormBody: 'parse',
      missingScope: 'default',
      requireHrScope: false,
      grant: 'requested',
      expiresIn: 'none',
      alwaysIncludeScope: false,
      invalidClientStatus: 400,
      refuseAmbiguousRequests: false,
      errorDescriptions: false,
      idp: false,
      backdateSeconds: 0,
      jwtExp: true,
      otherGrantError: 'unsupported_grant_type',
    },
    auth: { insufficientScopeStatus: 401, invalidTokenStatus: 401, learningScope: null, errorBody: false, challengeStyle: 'realm' },
    values: { booleanStrings: true, strictDates: false, allowNegative: true, coerceScalars: false, bounds: false },
    lifecycle: { archiveMissing: 'create', allowUnarchive: true, allowRemovingRequired: true, emptyRequiredIsMissing: false },
    hr: {
      success: 'empty',
      unknownFields: 'store',
      validationRefusal: 'status',
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
      dropUnknownFields: false,
      allowEmptyUpdate: true,
      allowUnknownNestedFields: true,
      locationHeader: false,
      providerField: 'provider',
      aggregateIds: 'uuid',
      publicPrivateChange: true,
    },
  },
  strict: {
    mode: 'strict',
    http: {
      requireJsonContentType: true,
      acceptJsonSuffix: false,
      errorShape: 'list',
      hrTrailingSlash: false,
      authBeforeRouting: false,
      springExtras: false,
      validationStatus: 400,
    },
    token: {
      path: TOKEN_PATH,
      nonFormBody: 'refuse',
      missingScope: 'refuse',
      requireHrScope: true,
      grant: 'known',
      expiresIn: 'lifetime',
      alwaysIncludeScope: true,
      invalidClientStatus: 401,
      refuseAmbiguousRequests: true,
      errorDescriptions: true,
      idp: false,
      backdateSeconds: 0,
      jwtExp: true,
      otherGrantError: 'unsupported_grant_type',
    },
    auth: { insufficientScopeStatus: 403, invalidTokenStatus: 401, learningScope: HR_SCOPE, errorBody: true, challengeStyle: 'realm' },
    values: { booleanStrings: false, strictDates: true, allowNegative: false, coerceScalars: false, bounds: false },
    lifecycle: { archiveMissing: 'refuse', allowUnarchive: false, allowRemovingRequired: false, emptyRequiredIsMissing: true },
    hr: {
      success: 'json',
      unknownFields: 'refuse',
      validationRefusal: 'status',
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
      dropUnknownFields: false,
      allowEmptyUpdate: false,
      allowUnknownNestedFields: false,
      locationHeader: true,
      providerField: 'provider',
      aggregateIds: 'uuid',
      publicPrivateChange: true,
    },
  },
  /**
   * Spring Boot defaults for the API (Jackson, Bean Validation, Spring Security resource server, problem+json) and an
   * identity provider's token endpoint (Keycloak paths and members, Azure AD claims and error bodies). README.md.
   */
  frameworks: {
    mode: 'frameworks',
    http: {
      requireJsonContentType: true,
      acceptJsonSuffix: true,
      errorShape: 'problem',
      hrTrailingSlash: false,
      authBeforeRouting: true,
      springExtras: true,
      validationStatus: 400,
    },
    token: {
      path: `/realms/${TENANT}/protocol/openid-connect/token`,
      nonFormBody: 'empty',
      missingScope: 'default',
      requireHrScope: false,
      grant: 'idp',
      expiresIn: 'remaining',
      alwaysIncludeScope: true,
      invalidClientStatus: 401,
      refuseAmbiguousRequests: false,
      errorDescriptions: true,
      idp: true,
      backdateSeconds: 300,
      jwtExp: true,
      otherGrantError: 'unsupported_grant_type',
    },
    auth: { insufficientScopeStatus: 403, invalidTokenStatus: 401, learningScope: null, errorBody: false, challengeStyle: 'spring' },
    // negative numbers pass the type check and meet the Bean Validation bounds (bounds.ts) instead
    values: { booleanStrings: true, strictDates: true, allowNegative: true, coerceScalars: true, bounds: true },
    lifecycle: { archiveMissing: 'create', allowUnarchive: true, allowRemovingRequired: false, emptyRequiredIsMissing: true },
    hr: {
      success: 'envelope',
      unknownFields: 'ignore',
      validationRefusal: 'envelope',
      allowKeyOnlyCreate: true,
      archiveBlockedBy: 'anyChildren',
      archiveRefusalStatus: 409,
      refuseArchivedParent: true,
      checkReferences: true,
      allowRekey: false,
    },
    learning: {
      acceptServiceAlias: false,
      requireIssuedIds: true,
      restrictedLevelFields: { kind: 'deny', fields: ['code', CHILD_FIELD] },
      allowUnknownAccessLevel: false,
      knownContentTypes: ['text', 'weblink', 'scormcourse', 'video', 'document'],
      currencyCodeFormat: true,
      durationPeriods: ['minutes', 'hours', 'days'],
      consumeImageKey: false,
      requireKnownChildren: true,
      uniqueAggregateIds: true,
      updateBody: 'representation',
      dropUnknownFields: true,
      allowEmptyUpdate: true,
      allowUnknownNestedFields: true,
      locationHeader: true,
      providerField: 'provider',
      aggregateIds: 'uuid',
      publicPrivateChange: true,
    },
  },
  /**
   * Wherever the document allows more than one answer, a lawful answer the reference server does not take, each as a
   * real stack ships it: an ASP.NET Core API (RFC 7807 ValidationProblemDetails, 422, 201/204 writes, integer ids) behind
   * a gateway that denies invalid tokens with 403, and a token service in Duende IdentityServer's layout (400
   * invalid_client, unknown scopes dropped and the granted scope stated, unauthorized_client for another grant) whose
   * JWTs carry `iat` and no `exp`. Every clear sentence still wins (README.md, "alternate" section).
   */
  alternate: {
    mode: 'alternate',
    http: {
      requireJsonContentType: true,
      acceptJsonSuffix: true,
      errorShape: 'validation-problem',
      validationStatus: 422,
      hrTrailingSlash: true,
      authBeforeRouting: false,
      springExtras: false,
    },
    token: {
      path: '/connect/token',
      nonFormBody: 'refuse',
      missingScope: 'default',
      requireHrScope: false,
      grant: 'drop-unknown',
      expiresIn: 'lifetime',
      jwtExp: false,
      otherGrantError: 'unauthorized_client',
      alwaysIncludeScope: false,
      invalidClientStatus: 400,
      refuseAmbiguousRequests: true,
      errorDescriptions: true,
      idp: false,
      backdateSeconds: 0,
    },
    auth: { insufficientScopeStatus: 403, invalidTokenStatus: 403, learningScope: HR_SCOPE, errorBody: true, challengeStyle: 'realm' },
    values: { booleanStrings: false, strictDates: true, allowNegative: true, coerceScalars: false, bounds: false },
    lifecycle: { archiveMissing: 'create', allowUnarchive: true, allowRemovingRequired: true, emptyRequiredIsMissing: false },
    hr: {
      success: 'created-else-204',
      unknownFields: 'ignore',
      validationRefusal: 'status',
      allowKeyOnlyCreate: true,
      archiveBlockedBy: 'anyChildren',
      archiveRefusalStatus: 409,
      refuseArchivedParent: false,
      checkReferences: false,
      allowRekey: false,
    },
    learning: {
      acceptServiceAlias: false,
      providerField: 'service',
      aggregateIds: 'integer',
      publicPrivateChange: false,
      requireIssuedIds: false,
      restrictedLevelFields: { kind: 'deny', fields: ['code', CHILD_FIELD] },
      allowUnknownAccessLevel: false,
      knownContentTypes: null,
      currencyCodeFormat: true,
      durationPeriods: null,
      consumeImageKey: false,
      requireKnownChildren: false,
      uniqueAggregateIds: true,
      updateBody: 'empty',
      dropUnknownFields: true,
      allowEmptyUpdate: true,
      allowUnknownNestedFields: true,
      locationHeader: true,
    },
  },
};
