import BoxLikeRuntime
import BoxLikeSDK
import Foundation
import Testing

/// Hostile numbers, depths and sizes in responses, decoded into generated models by the
/// SDK's decoder: each is a value or a `DecodingError` (never a crash or another error), and
/// the decoder agrees with `JSONDecoder` on which.
@Suite("Generated models against hostile responses")
struct GeneratedModelFuzzTests {
    /// What the SDK's decoder and `JSONDecoder` make of `bytes`: the value, or `nil` after a
    /// `DecodingError`. Any other error fails the test.
    static func both<T: Decodable>(_ type: T.Type, _ text: String) -> (tape: T?, foundation: T?) {
        let bytes = Array(text.utf8)
        func run(_ body: () throws -> T) -> T? {
            do { return try body() } catch is DecodingError { return nil } catch {
                Issue.record("not a DecodingError: \(error)")
                return nil
            }
        }
        return (run { try JSONCoding.decode(T.self, from: bytes) }, run { try JSONCoding.decoder.decode(T.self, from: Data(bytes)) })
    }

    static let hostileNumbers = [
        "0", "-0", "1E2", "1.5", "0.0", "-1", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "-9223372036854775809", "99999999999999999999", "1e400", "-1e400", "1e-400", "00", "01", "-", "1e", "1.",
        ".5", "+1", "NaN", "Infinity", "0x10", tenThousandNines,
    ]

    /// Stands for a number of 10,000 nines, so the test's name in the log stays short.
    static let tenThousandNines = "9 × 10,000"

    /// The number `argument` stands for.
    static func number(_ argument: String) -> String {
        argument == tenThousandNines ? String(repeating: "9", count: 10_000) : argument
    }

    @Test(arguments: hostileNumbers)
    func aHostileSizeIsAValueOrADecodingErrorAsJSONDecoderDecides(number: String) {
        let result = Self.both(FileFull.self, #"{"id":"1","type":"file","size":\#(Self.number(number))}"#)
        #expect((result.tape == nil) == (result.foundation == nil), "tape: \(String(describing: result.tape?.size)), JSONDecoder: \(String(describing: result.foundation?.size))")
        #expect(result.tape?.size == result.foundation?.size)
    }

    @Test(arguments: hostileNumbers)
    func aHostileChunkSizeIsAValueOrADecodingErrorAsJSONDecoderDecides(number: String) {
        let result = Self.both(Events.self, #"{"chunk_size":\#(Self.number(number)),"next_stream_position":"1","entries":[]}"#)
        #expect((result.tape == nil) == (result.foundation == nil))
        #expect(result.tape?.chunkSize == result.foundation?.chunkSize)
    }

    @Test(arguments: [10, 500, 513, 5_000, 100_000])
    func aDeeplyNestedValueIsBoundedNotACrash(depth: Int) {
        let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let text = #"{"chunk_size":1,"next_stream_position":"1","entries":[{"type":"event","event_id":"e","source":\#(nested)}]}"#
        let bytes = Array(text.utf8)
        do {
            _ = try JSONCoding.decode(Events.self, from: bytes)
            Issue.record("an array is not an event source")
        } catch is DecodingError {
        } catch {
            Issue.record("not a DecodingError: \(error)")
        }
    }

    @Test func aHugeNameAndManyEntriesDecodeWhole() throws {
        let name = String(repeating: "n", count: 4 << 20)
        let file = try JSONCoding.decode(FileFull.self, from: Array(#"{"id":"1","type":"file","name":"\#(name)"}"#.utf8))
        #expect(file.name?.utf8.count == 4 << 20)
        let entry = #"{"type":"event","event_id":"e","additional_details":{"k":"v"}}"#
        let events = try JSONCoding.decode(Events.self, from: Array(
            (#"{"chunk_size":50000,"next_stream_position":"1","entries":["# + Array(repeating: entry, count: 50_000).joined(separator: ",") + "]}").utf8))
        #expect(events.entries?.count == 50_000)
    }

    @Test func aMemberOfTheWrongTypeIsADecodingErrorWithItsPath() {
        do {
            _ = try JSONCoding.decode(Events.self, from: Array(#"{"chunk_size":1,"next_stream_position":"1","entries":[{"type":"event","event_id":7}]}"#.utf8))
            Issue.record("a number is not an event id")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.codingPath.map(\.stringValue).suffix(1) == ["event_id"])
        } catch {
            Issue.record("not a typeMismatch: \(error)")
        }
    }
}
