import Foundation
import Synchronization
import Testing
@testable import BoxLikeRuntime

@Suite("Pagination and byte streams")
struct PaginationAndStreamTests {
    @Test func offsetPagesAreFetchedLazilyUntilTheTotal() async throws {
        let calls = Mutex(0)
        let sequence = PagedSequence<Int> { cursor in
            calls.withLock { $0 += 1 }
            let offset = cursor?.offset ?? 0
            let items = Array(offset..<min(offset + 3, 7))
            return .offsetPage(items: items, offset: offset, totalCount: 7)
        }
        var seen: [Int] = []
        for try await item in sequence {
            seen.append(item)
            if item == 1 { #expect(calls.withLock { $0 } == 1) }
        }
        #expect(seen == Array(0..<7))
        #expect(calls.withLock { $0 } == 3)
    }

    @Test func markerPagesEndWhenTheMarkerIsMissingAndStopOnARepeatedMarker() async throws {
        let pages: [String?: (items: [String], next: String?)] = [nil: (["a", "b"], "m1"), "m1": ([], "m2"), "m2": (["c"], nil)]
        let items = try await PagedSequence<String> { cursor in
            let page = pages[cursor?.marker] ?? ([], nil)
            return .markerPage(items: page.items, nextMarker: page.next)
        }.collect()
        #expect(items == ["a", "b", "c"])

        let looping = try await PagedSequence<String> { _ in .markerPage(items: ["x"], nextMarker: "same") }.collect()
        #expect(looping == ["x", "x"])
    }

    @Test func breakingOutStopsFetching() async throws {
        let calls = Mutex(0)
        let sequence = PagedSequence<Int> { cursor in
            calls.withLock { $0 += 1 }
            let offset = cursor?.offset ?? 0
            return .offsetPage(items: Array(offset..<(offset + 10)), offset: offset, totalCount: nil)
        }
        for try await item in sequence where item == 5 { break }
        #expect(calls.withLock { $0 } == 1)
    }

    @Test func collectEnforcesItsLimit() async throws {
        let stream = ByteStream(bytes: [UInt8](repeating: 1, count: 100))
        let error = await #expect(throws: BoxSDKError.self) {
            _ = try await stream.collect(upTo: 10)
        }
        #expect(error?.kind == .invalidResponse)
        #expect(error?.message == "The body is longer than the limit of 10 bytes.")
    }

    @Test func fileSourcesAreReplayableAndReadRegions() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bytesource-\(UUID().uuidString)")
        try Data((0..<100).map { UInt8($0) }).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let source = try ByteSource.file(at: url, offset: 10, length: 20, chunkSize: 7)
        #expect(source.isReplayable && source.length == 20)
        for _ in 0..<2 {
            let bytes = try await ByteStream(try source.makeStream()).collect(upTo: 1000)
            #expect(bytes == (10..<30).map { UInt8($0) })
        }
    }

    @Test func oneShotSourcesRefuseASecondRead() throws {
        let stream = AsyncStream<[UInt8]> { continuation in
            continuation.yield([1, 2, 3])
            continuation.finish()
        }
        let source = ByteSource(stream, length: 3)
        #expect(!source.isReplayable)
        _ = try source.makeStream()
        #expect(throws: ByteSourceError.alreadyConsumed) { _ = try source.makeStream() }
    }

    @Test func multipartBodiesHaveBoundariesPartsAndLength() async throws {
        let parts = [
            MultipartPart.text(name: "attributes", value: #"{"name":"a.txt"}"#),
            MultipartPart(name: "file", filename: "a\"b.txt", source: .bytes(Array("hello".utf8))),
        ]
        let encoder = try MultipartEncoder(parts: parts, boundary: "XYZ")
        let bytes = try await ByteStream(encoder.body).collect(upTo: 10_000)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(encoder.contentType == "multipart/form-data; boundary=XYZ")
        #expect(encoder.length == Int64(bytes.count))
        #expect(text.hasPrefix("--XYZ\r\nContent-Disposition: form-data; name=\"attributes\""))
        #expect(text.contains("filename=\"a%22b.txt\"\r\nContent-Type: application/octet-stream\r\n\r\nhello\r\n"))
        #expect(text.hasSuffix("--XYZ--\r\n"))
    }

    @Test func progressReportsStartAndEnd() async throws {
        let reports = Mutex<[Int64]>([])
        let reporter = ProgressReporter(minimumStep: 1) { progress in reports.withLock { $0.append(progress.completedBytes) } }
        let stream = ByteStream(bytes: [UInt8](repeating: 0, count: 10)).reportingProgress(to: reporter)
        _ = try await stream.collect(upTo: 100)
        #expect(reports.withLock { $0 } == [0, 10])
    }
}
