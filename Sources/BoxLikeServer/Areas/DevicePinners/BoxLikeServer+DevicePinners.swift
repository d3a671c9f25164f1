extension BoxLikeServer {
    /// Pins a device to a user's account, as signing in from one of Box's apps does when the
    /// enterprise limits devices; no API call creates a pin. Returns the pin's id.
    ///
    /// ```swift
    /// let pinId = try await server.pinDevice(userId: server.seed.appUsers[0].id, productName: "Box for iPhone")
    /// ```
    public func pinDevice(userId: String, productName: String) async throws -> String {
        try await state.withArea(DevicePinnersState.self) { area, core in try area.pinDevice(core: core, userId: userId, productName: productName) }.id
    }
}
