import Foundation

/// Reads and writes RFC 3339 timestamps (`2024-05-01T10:53:43-08:00`, with or without
/// fractional seconds) without a shared formatter, so it is fast and safe from any thread.
package enum RFC3339Date {
    /// Parses a timestamp; `nil` when the text is not RFC 3339.
    package static func date(from string: String) -> Date? {
        var utf8 = Array(string.utf8)
        guard utf8.count >= 20 else { return nil }
        // Lowercase separators are allowed by RFC 3339 §5.6.
        if utf8[10] == UInt8(ascii: "t") || utf8[10] == UInt8(ascii: " ") { utf8[10] = UInt8(ascii: "T") }
        if utf8.last == UInt8(ascii: "z") { utf8[utf8.count - 1] = UInt8(ascii: "Z") }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let digit = Int(utf8[index]) - 48
                guard digit >= 0, digit <= 9 else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard utf8[4] == UInt8(ascii: "-"), utf8[7] == UInt8(ascii: "-"), utf8[10] == UInt8(ascii: "T"),
              utf8[13] == UInt8(ascii: ":"), utf8[16] == UInt8(ascii: ":"),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        var fraction = 0.0
        if index < utf8.count, utf8[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            let start = index
            while index < utf8.count, let digit = number(index..<(index + 1)) {
                fraction += Double(digit) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard index < utf8.count else { return nil }
        var offsetSeconds = 0
        switch utf8[index] {
        case UInt8(ascii: "Z"):
            guard index + 1 == utf8.count else { return nil }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard index + 6 == utf8.count, utf8[index + 3] == UInt8(ascii: ":"),
                  let offsetHours = number((index + 1)..<(index + 3)),
                  let offsetMinutes = number((index + 4)..<(index + 6))
            else { return nil }
            offsetSeconds = (offsetHours * 3600 + offsetMinutes * 60) * (utf8[index] == UInt8(ascii: "-") ? -1 : 1)
        default:
            return nil
        }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// Formats a date in UTC as `2024-05-01T18:53:43Z`, keeping milliseconds when present.
    package static func string(from date: Date) -> String {
        let interval = representable(date.timeIntervalSince1970)
        let wholeSeconds = Int(interval.rounded(.down))
        let milliseconds = Int(((interval - Double(wholeSeconds)) * 1000).rounded())
        var days = wholeSeconds / 86_400
        var secondsOfDay = wholeSeconds % 86_400
        if secondsOfDay < 0 {
            secondsOfDay += 86_400
            days -= 1
        }
        let (year, month, day) = civilFromDays(days)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        var result = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
        result += "\(pad(secondsOfDay / 3600, 2)):\(pad(secondsOfDay % 3600 / 60, 2)):\(pad(secondsOfDay % 60, 2))"
        if milliseconds > 0 && milliseconds < 1000 {
            result += ".\(pad(milliseconds, 3))"
        }
        return result + "Z"
    }

    /// The first and last instants a four-digit year can write (0001-01-01T00:00:00Z and
    /// 9999-12-31T23:59:59Z), as seconds since 1970.
    package static let representableRange: ClosedRange<Double> = -62_135_596_800...253_402_300_799

    /// `interval` moved into ``representableRange`` (NaN reads as 1970), so that any date a
    /// server or a user hands over can be written without an integer conversion trapping.
    package static func representable(_ interval: Double) -> Double {
        guard !interval.isNaN else { return 0 }
        return min(max(interval, representableRange.lowerBound), representableRange.upperBound)
    }

    // Howard Hinnant's civil-calendar algorithms (public domain arithmetic).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The year, month (1–12) and day (1–31) of a day counted from 1970-01-01.
    package static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp + (mp < 10 ? 3 : -9)
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }
}
