import Foundation
import Testing
@testable import BoxLikeServer

/// The `Date` header's format, written without a date formatter.
@Suite("HTTP dates")
struct HTTPDateFormatTests {
    static func formatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter
    }

    static func formatted(_ date: Date) -> String {
        formatter().string(from: date)
    }

    @Test func rfc9110sExampleDateIsWrittenAsItShows() {
        #expect(HTTPDateFormat.string(from: Date(timeIntervalSince1970: 784_111_777)) == "Sun, 06 Nov 1994 08:49:37 GMT")
    }

    @Test func everyThirteenthDayFrom1900To2200AgreesWithFoundationsFormatter() {
        // Every weekday and month of three centuries, leap years and the century rules included,
        // at noon and in the day's last second.
        let formatter = Self.formatter()
        var mismatches: [String] = []
        for day in stride(from: -25_567, through: 84_000, by: 13) {
            for second in [43_200.0, 86_399.5] {
                let date = Date(timeIntervalSince1970: Double(day) * 86_400 + second)
                let (ours, expected) = (HTTPDateFormat.string(from: date), formatter.string(from: date))
                if ours != expected { mismatches.append("\(ours) != \(expected)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test func datesAroundLeapDaysAndTheEpochAgree() {
        let instants: [TimeInterval] = [0, -1, 951_782_400, 951_868_799, 4_107_456_000, 4_107_542_399, -2_203_891_200,
                                        1_709_164_800, 1_709_251_199, 1_735_689_599]
        for instant in instants {
            let date = Date(timeIntervalSince1970: instant)
            #expect(HTTPDateFormat.string(from: date) == Self.formatted(date), "\(instant)")
        }
    }

    @Test func aDateBeyondFourDigitYearsIsWrittenAsTheNearestOneWithin() {
        #expect(HTTPDateFormat.string(from: .distantFuture).hasSuffix(" 4001 00:00:00 GMT"))
        #expect(HTTPDateFormat.string(from: Date(timeIntervalSince1970: .infinity)) == "Fri, 31 Dec 9999 23:59:59 GMT")
        #expect(HTTPDateFormat.string(from: Date(timeIntervalSince1970: -.infinity)) == "Mon, 01 Jan 0001 00:00:00 GMT")
        #expect(HTTPDateFormat.string(from: Date(timeIntervalSince1970: .nan)) == "Thu, 01 Jan 1970 00:00:00 GMT")
    }
}
