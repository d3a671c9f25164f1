import BoxLikeJSON
import Foundation

/// A failure the server can be told to produce instead of (or around) a normal response.
///
/// ```swift
/// await server.faults.inject(.status(503, retryAfter: .seconds(1)), method: "GET", path: .glob("/2.0/files/*"))
/// ```
public enum Fault: Sendable, Equatable {
    /// Answer with this status (500, 502, 503, 504, 429, ...) and a Box error body.
    case status(Int, retryAfter: RetryAfter? = nil)
    /// Close the connection without answering.
    case resetConnection
    /// Wait this long, then answer normally.
    case delay(Duration)
    /// Hold the request until `gate` is opened, then answer normally: a delay that ends when
    /// the test says so rather than after a guessed time.
    case hold(FaultGate)
    /// Answer normally but announce the full `Content-Length`, send half the body and close.
    case truncateBody
    /// Answer `200` with a body that is not valid JSON.
    case malformedJSON
    /// Answer with this status and this JSON body instead of the normal response: values a
    /// real server could send that a client must survive (`expires_in` of 2^63 − 1, say).
    case jsonBody(Int, String)
    /// Let the request body arrive no faster than this many bytes per second, as over a slow
    /// link: each request (each connection carries one at a time) is paced on its own, so
    /// parallel uploads add up and a single one does not.
    case throttle(bytesPerSecond: Int)
    /// Answer normally, but send every event of a `GET /events` chunk twice, as Box's
    /// event stream occasionally does: clients must remove duplicates by `event_id`.
    case duplicateEvents
}

/// What a ``Fault/hold(_:)`` fault waits for: held requests go on when ``open()`` is called
/// (or their task is cancelled); requests arriving after that are not held.
public final class FaultGate: Sendable, Equatable {
    private let opened = StopSignal()

    /// A closed gate.
    public init() {}

    /// Whether ``open()`` was called.
    public var isOpen: Bool { opened.isSignalled }

    /// Lets every held request go on, and every later one pass.
    public func open() {
        opened.signal()
    }

    /// Returns once the gate is open or the calling task is cancelled.
    public func wait() async {
        await opened.wait()
    }

    /// Gates are equal when they are the same gate.
    public static func == (lhs: FaultGate, rhs: FaultGate) -> Bool { lhs === rhs }
}

/// The value of a `Retry-After` header.
public enum RetryAfter: Sendable, Equatable {
    /// Delay in seconds.
    case seconds(Int)
    /// An HTTP date.
    case date(Date)

    var headerValue: String {
        switch self {
        case .seconds(let seconds): return String(seconds)
        case .date(let date): return HTTPDateFormat.string(from: date)
        }
    }
}

/// Which request paths a fault applies to.
public enum PathPattern: Sendable, Equatable {
    /// Every path.
    case any
    /// Exactly this path.
    case exact(String)
    /// A glob: `*` matches within one path segment, `**` across segments.
    case glob(String)
    /// A regular expression that must match the whole path.
    case regex(String)

    func matches(_ path: String) -> Bool {
        switch self {
        case .any: return true
        case .exact(let expected): return expected == path
        case .glob(let pattern): return Self.globMatch(Array(pattern.utf8), Array(path.utf8))
        case .regex(let pattern):
            guard let regex = try? Regex(pattern) else { return false }
            return (try? regex.wholeMatch(in: path)) != nil
        }
    }

    private static func globMatch(_ pattern: [UInt8], _ text: [UInt8]) -> Bool {
        // Memoised so patterns with several stars stay linear-ish on long paths.
        var memo: [Int: Bool] = [:]
        func match(_ p: Int, _ t: Int) -> Bool {
            let key = p * (text.count + 1) + t
            if let known = memo[key] { return known }
            let result: Bool
            if p == pattern.count {
                result = t == text.count
            } else if pattern[p] == UInt8(ascii: "*") {
                let crossesSegments = p + 1 < pattern.count && pattern[p + 1] == UInt8(ascii: "*")
                let next = crossesSegments ? p + 2 : p + 1
                if match(next, t) {
                    result = true
                } else if t < text.count && (crossesSegments || text[t] != UInt8(ascii: "/")) {
                    result = match(p, t + 1)
                } else {
                    result = false
                }
            } else if t < text.count && (pattern[p] == text[t] || pattern[p] == UInt8(ascii: "?")) {
                result = match(p + 1, t + 1)
            } else {
                result = false
            }
            memo[key] = result
            return result
        }
        return match(0, 0)
    }
}

/// A record of one fault having been applied.
public struct FaultFiring: Sendable {
    /// The rule that fired.
    public var ruleId: UUID
    /// What was done.
    public var fault: Fault
    /// The request's method.
    public var method: String
    /// The request's path.
    public var path: String
    /// When it fired.
    public var date: Date
}

/// HTTP's date format (RFC 9110's IMF-fixdate, `Sun, 06 Nov 1994 08:49:37 GMT`), written from
/// the date's seconds since 1970 with the proleptic Gregorian calendar (the same day arithmetic
/// as RFC 3339 timestamps): no formatter, locale or time zone to set up for each response's
/// `Date` header.
enum HTTPDateFormat {
    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func string(from date: Date) -> String {
        // HTTP dates have four-digit years: a date outside 0001–9999 (or not a number) is
        // written as the nearest one inside.
        let interval = date.timeIntervalSince1970
        let seconds = Int64(interval.isNaN ? 0 : min(max(interval, -62_135_596_800), 253_402_300_799).rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = RFC3339Date.civilFromDays(Int(days))
        let weekday = weekdays[Int(((days % 7) + 7) % 7)]
        let yearText = String(year)
        return "\(weekday), \(twoDigits(day)) \(months[month - 1]) \(String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText) "
            + "\(twoDigits(Int(secondOfDay / 3600))):\(twoDigits(Int(secondOfDay / 60 % 60))):\(twoDigits(Int(secondOfDay % 60))) GMT"
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}
