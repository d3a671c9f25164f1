import Testing
@testable import BoxLikeSDK

/// Box describes an events answer's `next_stream_position` as optional; the stream cannot go on
/// from an answer without one, and says so with a typed error instead of guessing a position.
@Suite("Event stream positions")
struct EventStreamPositionTests {
    @Test func anAnswerWithAPositionGivesIt() throws {
        let chunk = Events(chunkSize: 0, nextStreamPosition: "1152922976252290886", entries: [])
        #expect(try EventStreamReader.nextPosition(of: chunk) == "1152922976252290886")
    }

    @Test func anAnswerWithoutAPositionIsAnInvalidResponse() {
        let chunk = Events(chunkSize: 0, entries: [])
        let error = #expect(throws: BoxSDKError.self) { try EventStreamReader.nextPosition(of: chunk) }
        #expect(error?.kind == .invalidResponse)
    }
}
