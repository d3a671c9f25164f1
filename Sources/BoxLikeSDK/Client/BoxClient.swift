import Foundation

/// The entry point of the SDK: one property per API area (`users`, `folders`, `files`...).
///
/// ```swift
/// let client = BoxClient(auth: BoxDeveloperTokenAuth(token: "…"))
/// let me = try await client.users.getUserMe()
/// let folder = try await client.folders.getFolderById(folderId: "0")
/// ```
///
/// A client is a value; the `with…` methods return changed copies and leave the original
/// as it was.
@dynamicMemberLookup
public struct BoxClient: Sendable {
    /// How the client authenticates.
    public let auth: any Authentication
    /// How the client reaches the API.
    public let networkSession: NetworkSession
    /// The generated API managers, reached as `client.users`, `client.folders`...
    public let managers: GeneratedManagers

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - auth: The authentication strategy.
    ///   - networkSession: Transport, base URLs, retries and logging.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.auth = auth
        self.networkSession = networkSession
        self.managers = GeneratedManagers(executor: networkSession.executor(auth: auth))
    }

    /// A manager, e.g. `client.users`.
    public subscript<Manager>(dynamicMember keyPath: KeyPath<GeneratedManagers, Manager>) -> Manager {
        managers[keyPath: keyPath]
    }

    /// A client that acts as another user (`As-User` header); the token must belong to an
    /// admin or service account.
    public func withAsUserHeader(userId: String) -> BoxClient {
        withExtraHeaders(["As-User": userId])
    }

    /// A client that sends `headers` with every request, in addition to its own.
    public func withExtraHeaders(_ headers: [String: String]) -> BoxClient {
        var session = networkSession
        session.additionalHeaders.merge(headers) { _, new in new }
        return BoxClient(auth: auth, networkSession: session)
    }

    /// A client that talks to other servers.
    public func withCustomBaseUrls(_ baseUrls: BaseUrls) -> BoxClient {
        var session = networkSession
        session.baseUrls = baseUrls
        return BoxClient(auth: auth, networkSession: session)
    }

    /// A client that asks the server not to send the notification emails a change would
    /// normally trigger (`Box-Notifications: off`), e.g. for bulk or administrative changes.
    ///
    /// ```swift
    /// try await client.withSuppressedNotifications().userCollaborations.createCollaboration(...)
    /// ```
    public func withSuppressedNotifications() -> BoxClient {
        withExtraHeaders(["Box-Notifications": "off"])
    }

    /// A client whose calls use these limits instead of the session's: one call with its own
    /// timeouts is `client.withTimeouts(...).users.getUserMe()`.
    public func withTimeouts(_ timeouts: NetworkTimeouts) -> BoxClient {
        var session = networkSession
        session.timeouts = timeouts
        return BoxClient(auth: auth, networkSession: session)
    }

    /// A client with a changed network session (retries, transport, logger...).
    public func withNetworkSession(_ networkSession: NetworkSession) -> BoxClient {
        BoxClient(auth: auth, networkSession: networkSession)
    }
}
