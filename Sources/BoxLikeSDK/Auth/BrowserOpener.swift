import Foundation

/// Shows an authorization URL to the user, usually by opening the system browser.
///
/// ``BoxOAuth/runLoginFlow(options:)`` calls ``open(_:)`` once the loopback listener is
/// ready. Supply your own to show the URL differently (a QR code, a UI) or, in tests, to
/// act as the browser.
///
/// ```swift
/// struct PrintingOpener: BrowserOpener {
///     func open(_ url: URL) async throws { print("Sign in at \(url)") }
/// }
/// ```
public protocol BrowserOpener: Sendable {
    /// Shows `url`. Returning does not mean the user finished signing in; the flow waits
    /// for the redirect separately.
    func open(_ url: URL) async throws
}

/// Opens URLs with the platform's opener (`xdg-open` on Linux, `open` on macOS) and, when
/// that is not possible (no desktop, a server), prints the URL for the user to open.
public struct SystemBrowserOpener: BrowserOpener {
    /// Receives the fallback message with the URL.
    private let fallback: @Sendable (String) -> Void

    /// Creates an opener.
    ///
    /// - Parameter fallback: Shows the URL when no browser can be started; prints it by
    ///   default.
    public init(fallback: @escaping @Sendable (String) -> Void = { print($0) }) {
        self.fallback = fallback
    }

    /// Starts the platform opener; prints the URL if that fails.
    public func open(_ url: URL) async throws {
        if await Self.launchOpener(for: url) { return }
        fallback("Open this address in a browser to sign in:\n\(url.absoluteString)")
    }

    /// Whether the platform opener started and reported success.
    private static func launchOpener(for url: URL) async -> Bool {
        #if os(macOS)
        let command = "/usr/bin/open"
        #else
        let command = "/usr/bin/env"
        #endif
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command)
        #if os(macOS)
        process.arguments = [url.absoluteString]
        #else
        process.arguments = ["xdg-open", url.absoluteString]
        #endif
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            process.terminationHandler = { finished in
                continuation.resume(returning: finished.terminationStatus == 0)
            }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(returning: false)
            }
        }
    }
}
