import BoxLikeJSON
import Foundation

/// RFC 3339 timestamps as Box writes them.
enum Timestamp {
    static func string(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    static func json(_ date: Date?) -> JSONValue {
        date.map { .string(string($0)) } ?? .null
    }

    static func parse(_ text: String) -> Date? {
        if let date = try? Date(text, strategy: .iso8601) { return date }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withFullDate]
        return formatter.date(from: text)
    }
}
