import BoxLikeRuntime
import Testing
@testable import BoxLikeSDK

/// Box describes an events answer's `next_stream_position` as optional; the stream cannot go on
/// from an answer without one, and says so with a typed error instead of guessing a position.
@Suite("Event stream positions")
struct EventStreamPositionTests {
    @Test func anAnswerWithAStringPositionGivesIt() throws {
        let chunk = Events(chunkSize: 0, nextStreamPosition: .string("1152922976252290886"), entries: [])
        #expect(try EventStreamReader.nextPosition(of: chunk) == "1152922976252290886")
    }

    @Test func aNumberPositionIsReadAndPassedOnInDecimal() throws {
        // Box sends the user event streams' position as a JSON number beyond 2^53.
        let chunk = try JSONCoding.decode(Events.self, from: Array(#"{"chunk_size":0,"next_stream_position":1152922976252290886,"entries":[]}"#.utf8))
        guard case .int64(let number)? = chunk.nextStreamPosition else {
            Issue.record("a number position decoded as \(String(describing: chunk.nextStreamPosition))")
            return
        }
        #expect(number == 1152922976252290886)
        #expect(try EventStreamReader.nextPosition(of: chunk) == "1152922976252290886")
    }

    @Test func aStringPositionStaysAString() throws {
        let chunk = try JSONCoding.decode(Events.self, from: Array(#"{"next_stream_position":"0042"}"#.utf8))
        #expect(try EventStreamReader.nextPosition(of: chunk) == "0042")
    }

    @Test func anAnswerWithoutAPositionIsAnInvalidResponse() {
        let chunk = Events(chunkSize: 0, entries: [])
        let error = #expect(throws: BoxSDKError.self) { try EventStreamReader.nextPosition(of: chunk) }
        #expect(error?.kind == .invalidResponse)
    }
}
