extension BoxLikeServer {
    /// The notices sent so far when retentions ended, oldest first (Box emails them; the local
    /// server keeps them for tests to read).
    ///
    /// ```swift
    /// await clock.advance(by: .seconds(31 * 24 * 3600))
    /// let notified = await server.retentionNotifications().map(\.recipientLogin)
    /// ```
    public func retentionNotifications() async -> [RetentionNotification] {
        await state.withComplianceArea(RetentionState.self) { area, core in area.retentionNotifications(core: core) }
    }
}
