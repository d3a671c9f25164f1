import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// TCP sockets on 127.0.0.1 for tests: free ports for child processes, and listeners the
/// test controls itself.
public enum LoopbackSocket {
    /// A socket call that failed.
    public struct Failure: Error, CustomStringConvertible {
        /// Which call failed.
        public let call: String
        /// `errno` right after the call failed.
        public let code: Int32 = errno
        /// The failed call and its `errno`.
        public var description: String { "\(call) failed (errno \(code))" }
    }

    /// A new TCP socket bound to 127.0.0.1:`port` (by default an ephemeral port), and the
    /// port. The caller owns the descriptor and closes it.
    public static func bound(port: Int = 0) throws -> (descriptor: Int32, port: Int) {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(call: "socket()") }
        var address = loopbackAddress(port: port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            let failure = Failure(call: "bind()")
            close(descriptor)
            throw failure
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else {
            let failure = Failure(call: "getsockname()")
            close(descriptor)
            throw failure
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// A loopback TCP port nothing listens on right now (another process may take it before
    /// the caller does; callers retry on a new port).
    public static func freePort() throws -> Int {
        let (descriptor, port) = try bound()
        close(descriptor)
        return port
    }

    /// Whether this machine has an IPv6 loopback (`::1`) a socket can bind; containers
    /// without IPv6 have none.
    public static let hasIPv6Loopback: Bool = {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET6, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        address.sin6_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
        }
        return bound == 0
    }()

    /// The IPv4 address 127.0.0.1:`port`.
    public static func loopbackAddress(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}
