import Foundation
import Testing
@testable import BoxLikeRuntime

@Suite("Dates and form bodies")
struct CodingTests {
    @Test(arguments: [
        ("2012-12-12T10:53:43-08:00", 1_355_338_423.0),
        ("2012-12-12T18:53:43Z", 1_355_338_423.0),
        ("2012-12-12T18:53:43.250Z", 1_355_338_423.25),
        ("2012-12-12t18:53:43z", 1_355_338_423.0),
    ])
    func rfc3339DatesParse(text: String, seconds: Double) {
        #expect(RFC3339Date.date(from: text)?.timeIntervalSince1970 == seconds)
    }

    @Test(arguments: ["", "2012-12-12", "2012-13-12T10:53:43Z", "2012-12-12T10:53:43", "garbage-text-here!!", "2012-12-12T10:53:43+0800"])
    func malformedDatesAreRejected(text: String) {
        #expect(RFC3339Date.date(from: text) == nil)
    }

    @Test func datesRoundTrip() {
        let date = Date(timeIntervalSince1970: 1_700_000_000.5)
        #expect(RFC3339Date.string(from: date) == "2023-11-14T22:13:20.500Z")
        #expect(RFC3339Date.date(from: RFC3339Date.string(from: date)) == date)
    }

    @Test func httpDatesInAllThreeFormsParse() {
        let expected = 784_111_777.0
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT")?.timeIntervalSince1970 == expected)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT")?.timeIntervalSince1970 == expected)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994")?.timeIntervalSince1970 == expected)
        #expect(HTTPDate.parse("not a date") == nil)
        #expect(HTTPDate.format(Date(timeIntervalSince1970: expected)) == "Sun, 06 Nov 1994 08:49:37 GMT")
    }

    struct TokenForm: Encodable, Sendable {
        var grantType = "client_credentials"
        var clientId = "id 1"
        var scope: String? = "a b"
        var missing: String?
        var flag = true
        var count = 3

        enum CodingKeys: String, CodingKey {
            case grantType = "grant_type", clientId = "client_id", scope, missing, flag, count
        }
    }

    @Test func formBodiesAreFlatSortedAndEscaped() throws {
        #expect(try FormURLEncoding.encode(TokenForm())
            == "client_id=id+1&count=3&flag=true&grant_type=client_credentials&scope=a+b")
    }

    struct Nested: Encodable, Sendable { var inner = ["a": 1] }

    @Test func nestedFormValuesAreATypedError() {
        #expect(throws: RequestBodyError.unsupportedFormValue(field: "inner")) {
            try FormURLEncoding.encode(Nested())
        }
    }
}
