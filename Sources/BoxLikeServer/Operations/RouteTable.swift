import HTTPTypes
import Synchronization

/// Which operations of the spec each registered API route serves, worked out once when the
/// route is registered, and the registrations themselves, so a test can prove every
/// operation is served and no route serves none.
final class RouteTable: Sendable {
    /// One registered route: its server, method and path as registered (`files/:file_id`),
    /// and the operations it serves.
    struct Route: Sendable {
        let server: String
        let method: HTTPRequest.Method
        let path: String
        /// The operation the route was registered for.
        let operation: ServerOperation
        /// Every operation whose requests the route answers: the one it was registered for,
        /// its `#fragment` variants and literal paths its parameters cover.
        let operations: [ServerOperation]
    }

    /// The operations a route may serve, grouped by server, method and number of path
    /// segments, and what each route registered so far serves: every server start (tests
    /// start hundreds) registers the same routes, so only the first pays for the matching.
    final class Candidates: Sendable {
        private let byShape: [Shape: [ServerOperation]]
        private let served = Mutex<[RouteKey: [ServerOperation]]>([:])

        init(_ operations: [ServerOperation]) {
            byShape = Dictionary(grouping: operations) { Shape(server: $0.server, method: $0.method, segmentCount: $0.segments.count) }
        }

        /// The operations whose template fits a route at `path` (`:parameter` segments stand
        /// for whatever the template has there).
        func served(server: String, method: HTTPRequest.Method, path: String) -> [ServerOperation] {
            let key = RouteKey(server: server, method: method, path: path)
            if let known = served.withLock({ $0[key] }) { return known }
            let routeSegments = path.split(separator: "/", omittingEmptySubsequences: true)
            let shape = Shape(server: server, method: method, segmentCount: routeSegments.count)
            let fitting = (byShape[shape] ?? []).filter { candidate in
                zip(candidate.segments, routeSegments).allSatisfy { templateSegment, routeSegment in
                    RouteTable.isParameter(routeSegment) || ServerOperation.segment(templateSegment, matches: routeSegment)
                        || templateSegment == routeSegment
                }
            }
            served.withLock { $0[key] = fitting }
            return fitting
        }

        private struct Shape: Hashable {
            let server: String
            let method: HTTPRequest.Method
            let segmentCount: Int
        }

        private struct RouteKey: Hashable {
            let server: String
            let method: HTTPRequest.Method
            let path: String
        }
    }

    /// The spec's operations and the server-only ones, grouped once per process.
    static let specCandidates = Candidates(ServerOperation.all + ServerOperation.serverOnly)

    private let candidates: Candidates
    private let registered = Mutex<[Route]>([])
    /// The capture name used at each path level so far, by server and the path up to it.
    private let captureNames = Mutex<[String: Substring]>([:])

    /// A table for the spec's operations and the server-only ones.
    init() {
        candidates = Self.specCandidates
    }

    /// A table for `operations` alone.
    init(operations: [ServerOperation]) {
        candidates = Candidates(operations)
    }

    /// Every route registered so far.
    var routes: [Route] { registered.withLock { $0 } }

    /// Records a route and returns the operations it serves: those on the same server and
    /// method whose template fits the registered path, a `:parameter` segment standing for
    /// whatever the template has there.
    func register(server: String, method: HTTPRequest.Method, path: String, for operation: ServerOperation) -> [ServerOperation] {
        let served = candidates.served(server: server, method: method, path: path)
        registered.withLock {
            $0.append(Route(server: server, method: method, path: path, operation: operation, operations: served))
        }
        return served
    }

    /// The path to register `operation` at on the router (relative to the base): the spec's
    /// template, with each `{parameter}` that stands alone in its segment named as the first
    /// route registered at that level named it. The router allows one name per level
    /// (`/metadata_templates/{template_id}` beside `/metadata_templates/{scope}/...` would
    /// clash), so handlers read parameters by the spec's names through
    /// ``ServerOperation/pathValues(inRequestPath:basePath:)``, never by the router's.
    func routerPath(for operation: ServerOperation, server: String) -> String {
        captureNames.withLock { names in
            var prefix = server
            var segments: [Substring] = []
            for segment in operation.segments {
                var registered = segment
                if segment.hasPrefix("{"), segment.hasSuffix("}"), segment.dropFirst().dropLast().allSatisfy({ $0 != "{" && $0 != "}" }) {
                    let key = prefix + "/{}"
                    if let existing = names[key] { registered = existing } else { names[key] = segment }
                    prefix = key
                } else {
                    prefix += "/" + segment
                }
                segments.append(registered)
            }
            return segments.joined(separator: "/")
        }
    }

    /// Of the operations a route serves, those that fit this request's path best: a route
    /// with parameters can serve several templates (`/files/{id}/metadata/{scope}/{key}` and
    /// the classification's literal path); the one with the most literal segments that fits
    /// wins, and `#fragment` variants of it stay together.
    static func operations(_ served: [ServerOperation], forRequestPath requestPath: String, basePath: String) -> [ServerOperation] {
        guard served.count > 1 else { return served }
        let relative = requestPath.hasPrefix(basePath) ? requestPath.dropFirst(basePath.count) : requestPath[...]
        let requestSegments = relative.split(separator: "/", omittingEmptySubsequences: true)
        let fitting = served.filter { $0.matches(requestSegments: requestSegments) }
        guard let best = fitting.map(\.literalSegmentCount).max() else { return served }
        return fitting.filter { $0.literalSegmentCount == best }
    }

    fileprivate static func isParameter(_ segment: Substring) -> Bool {
        segment.hasPrefix(":") || (segment.hasPrefix("{") && segment.hasSuffix("}")) || segment == "*" || segment == "**"
    }
}
