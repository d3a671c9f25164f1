import Foundation
import NIOSSL

/// How the default transport secures HTTPS connections: extra certificate authorities to
/// trust (beside the system's), a client certificate for mutual TLS, the oldest TLS version
/// accepted.
///
/// ```swift
/// var session = NetworkSession(baseUrls: .singleOrigin(URL(string: "https://box.internal")!))
/// session.tls = TLSOptions(additionalTrustRoots: [.file("/etc/ssl/internal-ca.pem")])
/// ```
///
/// A certificate the SDK does not trust, a name that does not match the certificate, or a
/// failed handshake ends the call at once with a ``BoxNetworkError`` of kind
/// ``BoxNetworkError/Kind/tls``: such failures are not retried. Neither ``description`` nor
/// `dump` shows key material.
public struct TLSOptions: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// A TLS protocol version.
    public enum Version: String, Sendable, Hashable {
        /// TLS 1.2.
        case tls12
        /// TLS 1.3.
        case tls13
    }

    /// Where PEM text comes from.
    public enum PEMSource: Sendable, Hashable, CustomStringConvertible {
        /// A file, read when the first connection is made.
        case file(String)
        /// PEM text itself.
        case bytes([UInt8])

        /// The path, or the size of the bytes (never their content).
        public var description: String {
            switch self {
            case .file(let path): "file \(path)"
            case .bytes(let bytes): "\(bytes.count) bytes of PEM"
            }
        }

        /// The PEM bytes.
        func load(what: String) throws -> [UInt8] {
            switch self {
            case .bytes(let bytes):
                return bytes
            case .file(let path):
                do {
                    return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
                } catch {
                    throw BoxSDKError(.invalidArgument, "The \(what) file \(path) could not be read.")
                }
            }
        }
    }

    /// A certificate (with any intermediates) and its private key, presented to servers that
    /// ask for one (mutual TLS).
    public struct ClientCertificate: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
        /// The certificate chain, leaf first, as PEM.
        public var certificateChain: PEMSource
        /// The private key, as unencrypted PEM (PKCS#8, or PKCS#1 / SEC 1).
        public var privateKey: PEMSource

        /// Creates a client certificate.
        public init(certificateChain: PEMSource, privateKey: PEMSource) {
            self.certificateChain = certificateChain
            self.privateKey = privateKey
        }

        /// The certificate's source; the key is never shown.
        public var description: String { "ClientCertificate(certificateChain: \(certificateChain), privateKey: \(Redaction.placeholder))" }

        /// Shows the certificate's source only.
        public var customMirror: Mirror {
            Mirror(self, children: ["certificateChain": certificateChain.description, "privateKey": Redaction.placeholder])
        }
    }

    /// Certificate authorities trusted in addition to the system's, as PEM (one or more
    /// certificates each).
    public var additionalTrustRoots: [PEMSource]
    /// The certificate shown to servers that ask for one.
    public var clientCertificate: ClientCertificate?
    /// The oldest TLS version accepted.
    public var minimumVersion: Version

    /// Creates options.
    public init(additionalTrustRoots: [PEMSource] = [], clientCertificate: ClientCertificate? = nil,
                minimumVersion: Version = .tls12) {
        self.additionalTrustRoots = additionalTrustRoots
        self.clientCertificate = clientCertificate
        self.minimumVersion = minimumVersion
    }

    /// Options that trust the certificate authorities in the PEM file at `path` too (the
    /// samples' `--ca-file` / `BOX_CA_FILE`).
    public static func trusting(caFile path: String) -> TLSOptions {
        TLSOptions(additionalTrustRoots: [.file(path)])
    }

    /// The sources and version; key material is never shown.
    public var description: String {
        "TLSOptions(additionalTrustRoots: \(additionalTrustRoots.map(\.description)), clientCertificate: "
            + "\(clientCertificate.map(\.description) ?? "nil"), minimumVersion: \(minimumVersion.rawValue))"
    }

    /// Shows the sources and version only.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "additionalTrustRoots": additionalTrustRoots.map(\.description),
            "clientCertificate": clientCertificate.map(\.description) ?? "nil",
            "minimumVersion": minimumVersion.rawValue,
        ])
    }

    /// The swift-nio-ssl configuration these options describe.
    ///
    /// - Throws: ``BoxSDKError`` (`.invalidArgument`) when a file cannot be read or holds no
    ///   usable certificate or key.
    package func makeNIOConfiguration() throws -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.minimumTLSVersion = switch minimumVersion {
        case .tls12: .tlsv12
        case .tls13: .tlsv13
        }
        var roots: [NIOSSLCertificate] = []
        for source in additionalTrustRoots {
            let bytes = try source.load(what: "trust roots")
            let certificates: [NIOSSLCertificate]
            do {
                certificates = try NIOSSLCertificate.fromPEMBytes(bytes)
            } catch {
                throw BoxSDKError(.invalidArgument, "The trust roots (\(source)) are not PEM certificates.")
            }
            if certificates.isEmpty {
                throw BoxSDKError(.invalidArgument, "The trust roots (\(source)) hold no certificate.")
            }
            roots += certificates
        }
        if !roots.isEmpty {
            configuration.additionalTrustRoots = [.certificates(roots)]
        }
        if let clientCertificate {
            let chainBytes = try clientCertificate.certificateChain.load(what: "client certificate")
            let keyBytes = try clientCertificate.privateKey.load(what: "client key")
            let chain: [NIOSSLCertificate]
            do {
                chain = try NIOSSLCertificate.fromPEMBytes(chainBytes)
            } catch {
                throw BoxSDKError(.invalidArgument, "The client certificate (\(clientCertificate.certificateChain)) is not PEM.")
            }
            if chain.isEmpty {
                throw BoxSDKError(.invalidArgument, "The client certificate (\(clientCertificate.certificateChain)) holds no certificate.")
            }
            let key: NIOSSLPrivateKey
            do {
                key = try NIOSSLPrivateKey(bytes: keyBytes, format: .pem)
            } catch {
                // The key's content never goes into the message.
                throw BoxSDKError(.invalidArgument, "The client certificate's private key is not an unencrypted PEM key.")
            }
            configuration.certificateChain = chain.map { .certificate($0) }
            configuration.privateKey = .privateKey(key)
        }
        return configuration
    }
}
