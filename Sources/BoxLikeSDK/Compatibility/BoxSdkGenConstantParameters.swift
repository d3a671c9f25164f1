import BoxLikeRuntime

// Box's Swift SDK takes the query parameters that have one allowed value as arguments
// (`GetCollaborationsQueryParams(status: .pending)`); this SDK always sends that value, so
// the generated parameters have no such member. These initializers take Box's labels and
// types, so calls written for Box's SDK build; the value sent is the one the API allows.

/// The `status` of ``ListCollaborationsManager/getCollaborations(queryParams:headers:)``:
/// only `pending` is allowed.
public struct GetCollaborationsQueryParamsStatusField: OpenEnum {
    /// The value as the API spells it.
    public let rawValue: String

    /// Wraps a value.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// `pending`
    public static var pending: GetCollaborationsQueryParamsStatusField { GetCollaborationsQueryParamsStatusField(rawValue: "pending") }
}

extension GetCollaborationsQueryParams {
    /// The parameters as Box's Swift SDK takes them; `status` is always sent as `pending`,
    /// the one value the API allows.
    public init(status: GetCollaborationsQueryParamsStatusField, fields: [String]? = nil, offset: Int64? = nil,
                limit: Int64? = nil) {
        self.init(fields: fields, offset: offset, limit: limit)
    }
}

/// The `response_type` of ``AuthorizationManager/authorizeUser(queryParams:headers:)``: only
/// `code` is allowed.
public struct AuthorizeUserQueryParamsResponseTypeField: OpenEnum {
    /// The value as the API spells it.
    public let rawValue: String

    /// Wraps a value.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// `code`
    public static var code: AuthorizeUserQueryParamsResponseTypeField { AuthorizeUserQueryParamsResponseTypeField(rawValue: "code") }
}

extension AuthorizeUserQueryParams {
    /// The parameters as Box's Swift SDK takes them; `response_type` is always sent as `code`,
    /// the one value the API allows.
    public init(responseType: AuthorizeUserQueryParamsResponseTypeField, clientId: String, redirectUri: String? = nil,
                state: String? = nil, scope: String? = nil) {
        self.init(clientId: clientId, redirectUri: redirectUri, state: state, scope: scope)
    }
}

extension PostOAuth2Revoke {
    /// The revoke body with its members in the order Box's Swift SDK takes them.
    public init(clientId: String?, clientSecret: String?, token: String) {
        self.init(token: token, clientId: clientId, clientSecret: clientSecret)
    }
}
