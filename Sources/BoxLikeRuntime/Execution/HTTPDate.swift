import Foundation

/// Parses the date formats RFC 9110 §5.6.7 allows in headers such as `Retry-After`.
package enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun",
                                 "jul", "aug", "sep", "oct", "nov", "dec"]

    /// Parses an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), an RFC 850 date
    /// (`Sunday, 06-Nov-94 08:49:37 GMT`) or an asctime date (`Sun Nov  6 08:49:37 1994`).
    package static func parse(_ text: String) -> Date? {
        let words = text.replacingOccurrences(of: ",", with: " ")
            .split(whereSeparator: { $0 == " " || $0 == "-" })
            .map(String.init)
        // Drop the weekday, then find day, month, year and time in either order.
        let fields = Array(words.dropFirst())
        var day: Int?
        var month: Int?
        var year: Int?
        var time: (Int, Int, Int)?
        for field in fields {
            if let index = months.firstIndex(of: field.lowercased()) {
                month = index + 1
            } else if field.contains(":") {
                let parts = field.split(separator: ":").compactMap { Int($0) }
                if parts.count == 3 { time = (parts[0], parts[1], parts[2]) }
            } else if let number = Int(field) {
                if day == nil && number <= 31 && field.count <= 2 {
                    day = number
                } else {
                    year = number < 100 ? (number < 70 ? 2000 + number : 1900 + number) : number
                }
            }
        }
        guard let day, let month, let year, let time,
              time.0 < 24, time.1 < 60, time.2 < 61 else { return nil }
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        let rfc3339 = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(time.0, 2)):\(pad(time.1, 2)):\(pad(time.2, 2))Z"
        return RFC3339Date.date(from: rfc3339)
    }

    /// Formats a date as an IMF-fixdate.
    static func format(_ date: Date) -> String {
        let text = RFC3339Date.string(from: Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)))
        // text is yyyy-MM-ddTHH:mm:ssZ
        let parts = text.split(separator: "T")
        let dateParts = parts[0].split(separator: "-")
        let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
        let days = Int((RFC3339Date.representable(date.timeIntervalSince1970) / 86_400).rounded(.down))
        let weekday = weekdays[((days % 7) + 7) % 7]
        let month = (Int(dateParts[1]) ?? 1) - 1
        let monthName = months[max(0, min(11, month))].capitalized
        return "\(weekday), \(dateParts[2]) \(monthName) \(dateParts[0]) \(parts[1].dropLast()) GMT"
    }
}
