extension BoxLikeServer {
    /// Makes a user of another enterprise, who can then be invited to this enterprise's
    /// content like anyone else (Box has no API that makes one): `GET /users?user_type=external`
    /// lists them once they collaborate, admins cannot change or delete them, and
    /// `POST /external_users/submit_delete_job` removes them from the enterprise's content.
    /// Returns the user's id.
    ///
    /// ```swift
    /// let partner = try await server.makeExternalUser(name: "Pat Partner", login: "pat@partner.example")
    /// ```
    ///
    /// - Throws: ``ServerErrorResponse`` 409 when a user already has the login.
    public func makeExternalUser(name: String, login: String) async throws -> String {
        try await state.makeExternalUser(name: name, login: login).id
    }

    /// Sets Box for Teams up in a Microsoft Teams tenant, as installing the app in Teams does
    /// (no API does): Teams mappings may then name the tenant. The seed sets up
    /// ``BoxLikeSeed/teamsTenantId``.
    public func connectTeamsTenant(_ tenantId: String) async {
        await state.withArea(IntegrationMappingsState.self) { area, core in area.connectTeamsTenant(core: core, tenantId) }
    }
}
