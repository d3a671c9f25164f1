import BoxLikeRuntime
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
///
/// The opener is started with `posix_spawn` and gets none of the app's open descriptors: a
/// browser it starts may run for hours, and must not keep the sign-in's loopback port (or
/// any other socket or file of the app) open all that time. Nor does it get the app's
/// environment: only what finding and showing a browser needs (`passedEnvironment(from:)`),
/// so secrets an app keeps there (`BOXLIKE_*`, API keys, a proxy URL with a password) do not
/// pass to a program that runs for hours outside the app's control.
public struct SystemBrowserOpener: BrowserOpener {
    /// Receives the fallback message with the URL.
    private let fallback: @Sendable (String) -> Void
    /// The program and its first arguments; the URL is added as the last argument.
    let command: [String]

    /// Creates an opener.
    ///
    /// - Parameter fallback: Shows the URL when no browser can be started; prints it by
    ///   default.
    public init(fallback: @escaping @Sendable (String) -> Void = { print($0) }) {
        #if os(macOS)
        self.init(command: ["/usr/bin/open"], fallback: fallback)
        #else
        self.init(command: ["/usr/bin/env", "xdg-open"], fallback: fallback)
        #endif
    }

    /// The environment the opener's variables are taken from: the process's, or a test's.
    let environment: @Sendable () -> [String: String]

    /// An opener that runs `command` (an absolute path, then arguments) with the URL added.
    init(command: [String], fallback: @escaping @Sendable (String) -> Void,
         environment: @escaping @Sendable () -> [String: String] = { ProcessInfo.processInfo.environment }) {
        self.command = command
        self.fallback = fallback
        self.environment = environment
    }

    /// Starts the platform opener; prints the URL if that fails.
    public func open(_ url: URL) async throws {
        if await launchOpener(for: url) { return }
        fallback("Open this address in a browser to sign in:\n\(url.absoluteString)")
    }

    /// Whether the opener started and exited with status 0.
    private func launchOpener(for url: URL) async -> Bool {
        guard let executable = command.first,
              let pid = try? SpawnedProcess.start(executable, Array(command.dropFirst()) + [url.absoluteString],
                                                  environment: Self.passedEnvironment(from: environment()))
        else { return false }
        return await SpawnedProcess.wait(for: pid) == .exited(0)
    }

    /// The variables a platform opener needs to find the user's browser and desktop.
    static let passedVariables: Set<String> = [
        "PATH", "HOME", "USER", "LOGNAME", "SHELL", "LANG", "LANGUAGE", "TZ", "TMPDIR",
        "DISPLAY", "WAYLAND_DISPLAY", "XAUTHORITY", "DBUS_SESSION_BUS_ADDRESS", "BROWSER",
        "DESKTOP_SESSION", "KDE_FULL_SESSION", "KDE_SESSION_VERSION", "GNOME_DESKTOP_SESSION_ID",
    ]
    /// Proxy variables, passed only when their URL holds no user name or password.
    static let proxyVariables: Set<String> = [
        "http_proxy", "https_proxy", "all_proxy", "no_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY",
    ]

    /// Of `environment`, what the opener is started with: the desktop's variables (those in
    /// ``passedVariables``, `LC_*` and `XDG_*`) and proxy settings without credentials.
    static func passedEnvironment(from environment: [String: String]) -> [String: String] {
        environment.filter { name, value in
            if passedVariables.contains(name) || name.hasPrefix("LC_") || name.hasPrefix("XDG_") { return true }
            guard proxyVariables.contains(name) else { return false }
            // `user:password@host` in any form (with or without a scheme) stays behind.
            return !value.contains("@")
        }
    }
}
