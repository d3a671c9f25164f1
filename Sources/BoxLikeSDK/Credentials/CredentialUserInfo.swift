/// Who a credential belongs to, as `GET /users/me` described them; cached by the
/// ``CredentialStore`` so credentials can be found by user without a request.
public struct CredentialUserInfo: Codable, Sendable, Hashable {
    /// The user's enterprise, when the user belongs to one.
    public struct Enterprise: Codable, Sendable, Hashable {
        /// The enterprise id.
        public var id: String
        /// The enterprise's name.
        public var name: String?

        /// Creates an enterprise description.
        public init(id: String, name: String? = nil) {
            self.id = id
            self.name = name
        }
    }

    /// The user id.
    public var id: String
    /// The user's login, usually an email address.
    public var login: String?
    /// The user's display name.
    public var name: String?
    /// The user's enterprise.
    public var enterprise: Enterprise?

    /// Creates user info.
    public init(id: String, login: String? = nil, name: String? = nil, enterprise: Enterprise? = nil) {
        self.id = id
        self.login = login
        self.name = name
        self.enterprise = enterprise
    }
}
