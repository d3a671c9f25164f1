import BoxLikeJSON

/// Reading an enterprise's configuration (Box API 2025.0): admins only, for their own
/// enterprise, one or more categories at a time.
extension ServerState {
    /// The categories a configuration is read in.
    static let enterpriseConfigurationCategories = ["security", "content_and_sharing", "user_settings", "shield"]

    /// What the configuration's rendering needs, resolved in one actor call.
    struct EnterpriseConfigurationFacts: Sendable {
        var enterpriseId: String
        var categories: [String]
        /// The domains of the collaboration allowlist.
        var allowlistDomains: [String]
    }

    func enterpriseConfiguration(enterpriseId: String, categories: [String], principal: Principal) throws -> EnterpriseConfigurationFacts {
        guard isEnterpriseAdmin(principal) else {
            throw ServerErrorResponse.forbidden("Only enterprise admins may read the enterprise's configuration.")
        }
        guard enterpriseId == self.enterpriseId else { throw ServerErrorResponse.notFound("enterprise") }
        let unknown = categories.filter { !Self.enterpriseConfigurationCategories.contains($0) }
        guard !categories.isEmpty, unknown.isEmpty else {
            throw ServerErrorResponse.badRequest(
                "categories must list some of \(Self.enterpriseConfigurationCategories.joined(separator: ", "))")
        }
        let domains = self[area: AllowlistState.self].allowlistEntries.values.map(\.domain).sorted()
        return EnterpriseConfigurationFacts(enterpriseId: enterpriseId, categories: categories, allowlistDomains: domains)
    }
}
