import Testing
@testable import CodegenKit

/// The JSON reader builds the spec tree the loader works on.
@Suite("Stage 1: JSON text to the spec tree")
struct JSONTreeReaderTests {
    @Test("members keep document order, and a repeated name keeps its first place with the last value",
          arguments: [3, 40])
    func repeatedNames(members: Int) throws {
        var text = "{"
        for index in 0..<members { text += "\"k\(index)\": \(index), " }
        text += "\"k1\": \"again\", \"last\": true}"

        let object = try #require(try JSONTreeReader.read(text).object)

        #expect(object.keys == (0..<members).map { "k\($0)" } + ["last"])
        #expect(object["k1"] == .string("again"))
        #expect(object["k0"] == .number("0"))
    }

    @Test("strings with and without escapes read to their text",
          arguments: [
              (#""plain text""#, "plain text"),
              (#""tab\tand \"quotes\" and \\ and \/""#, "tab\tand \"quotes\" and \\ and /"),
              (#""caf\u00e9 and \ud83d\ude00""#, "café and 😀"),
              (#""unicode as is: café 😀""#, "unicode as is: café 😀"),
              (#""""#, ""),
          ])
    func strings(json: String, expected: String) throws {
        #expect(try JSONTreeReader.read(json) == .string(expected))
    }

    @Test("an unterminated string and a raw control character are located errors",
          arguments: ["{\"a\": \"open", "{\"a\": \"line\nbreak\"}"])
    func badStrings(json: String) {
        #expect(throws: JSONTreeReader.SyntaxError.self) { try JSONTreeReader.read(json) }
    }
}
