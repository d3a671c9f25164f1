import BoxLikeJSON
import HTTPTypes
import Foundation
import Hummingbird

/// Where a server registers its routes (see ``RouteRecorder``).
typealias BoxRouter = RouteRecorder

extension Request {
    /// The query as a dictionary (first value wins).
    var query: [String: String] { FormData.dictionary(uri.query ?? "") }

    func header(_ name: String) -> String? {
        HTTPField.Name(name).flatMap { headers[$0] }
    }
}

extension BoxLikeRequestContext {
    /// A path parameter by the spec's name (an API route's), or by the router's (other routes).
    func pathParameter(_ name: String) throws -> String {
        guard let value = pathValues[name] ?? parameters.get(name) else { throw ServerErrorResponse.badRequest("path parameter '\(name)' is missing") }
        return value
    }

    /// The JSON body (already parsed by validation, or parsed here).
    func json(_ request: Request, limit: Int = 4 * 1024 * 1024) async throws -> JSONValue {
        if let jsonBody { return jsonBody }
        var request = request
        let buffer = try await request.collectBody(upTo: limit)
        if buffer.readableBytes == 0 { return .object([:]) }
        do {
            return try JSONValue.parse(buffer.readableBytesView)
        } catch {
            throw ServerErrorResponse.badRequest("request body is not valid JSON")
        }
    }
}

/// Offset or marker paging of a list, as Box does it.
/// Query booleans read as Box reads them: `true`, `True` and `TRUE` are all true.
enum QueryFlag {
    static func isTrue(_ raw: String?) -> Bool {
        raw?.lowercased() == "true"
    }
}

struct Paging {
    var offset: Int
    var limit: Int
    var usesMarker: Bool

    /// `forceMarker`: the list is paged by marker only (Box's newer lists), so the envelope
    /// always carries `next_marker` rather than `total_count` and `offset`.
    init(query: [String: String], defaultLimit: Int = 100, maximumLimit: Int = 1000, allowMarker: Bool = false,
         forceMarker: Bool = false) throws {
        limit = min(max(Int(query["limit"] ?? "") ?? defaultLimit, 1), maximumLimit)
        usesMarker = forceMarker || (allowMarker && (QueryFlag.isTrue(query["usemarker"]) || query["marker"] != nil))
        if usesMarker, let marker = query["marker"], !marker.isEmpty {
            guard let decoded = Data(base64Encoded: marker).flatMap({ String(data: $0, encoding: .utf8) }),
                  decoded.hasPrefix("m:"), let position = Int(decoded.dropFirst(2)), position >= 0
            else { throw ServerErrorResponse.badRequest("Invalid marker", code: "invalid_marker") }
            offset = position
        } else {
            offset = max(Int(query["offset"] ?? "") ?? 0, 0)
        }
        if !usesMarker && offset > 10_000 {
            throw ServerErrorResponse.badRequest("offset must not exceed 10000")
        }
    }

    static func marker(_ position: Int) -> String {
        Data("m:\(position)".utf8).base64EncodedString()
    }

    /// The part of a list of `count` items this page covers.
    func window(count: Int) -> Range<Int> {
        let start = min(offset, count)
        return start..<min(start + limit, count)
    }

    /// The page of `items` and the envelope fields that describe it.
    func page<T>(_ items: [T], render: (T) -> JSONValue, order: JSONValue? = nil) -> JSONValue {
        envelope(items[window(count: items.count)].map(render), totalCount: items.count, order: order)
    }

    /// The envelope for `entries`, the already rendered ``window(count:)`` of a list of
    /// `totalCount` items: markers, or total count and offset.
    func envelope(_ entries: [JSONValue], totalCount: Int, order: JSONValue? = nil) -> JSONValue {
        let start = min(offset, totalCount)
        let end = start + entries.count
        var object: [String: JSONValue] = ["entries": .array(entries), "limit": .int(limit)]
        if usesMarker {
            object["next_marker"] = end < totalCount ? .string(Self.marker(end)) : .null
            object["prev_marker"] = start > 0 ? .string(Self.marker(max(0, start - limit))) : .null
        } else {
            object["total_count"] = .int(totalCount)
            object["offset"] = .int(offset)
        }
        if let order { object["order"] = order }
        return .object(object)
    }
}

/// Parsed `If-None-Match` support for GETs of items.
enum ConditionalGet {
    static func notModified(_ request: Request, etag: Int) -> Bool {
        guard let header = request.header("if-none-match") else { return false }
        return header.split(separator: ",").contains { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" W/")) == String(etag) }
    }
}

/// `{"id": "..."}` objects in request bodies.
extension JSONValue {
    var idMember: String? { self["id"]?.stringValue ?? self["id"]?.intValue.map(String.init) }
}
