import BoxLikeSDK
import BoxLikeServer
import Foundation

/// A ``BrowserOpener`` that plays the user against the local Box-style server: it signs in
/// on the authorization pages with a seeded user's credentials, grants access and follows the
/// redirect back to the app, as a browser would.
public struct ScriptedBrowser: BrowserOpener {
    let driver: SignInDriver

    /// A browser that signs in as `login`.
    public init(login: String, password: String) {
        driver = SignInDriver(login: login, password: password)
    }

    /// Runs the whole sign-in round trip.
    public func open(_ url: URL) async throws {
        let redirect = try await driver.signIn(at: url)
        _ = try await SignInDriver.fetch(redirect)
    }
}
