import AsyncHTTPClient
import BoxLikeSDK
import BoxLikeServer
import Crypto
import Foundation
import NIOCore
import NIOHTTP1
#if canImport(Glibc)
import Glibc
#endif

/// Throughput of the SDK's streaming transfers against a hand-written AsyncHTTPClient doing
/// the same job, side by side in one run:
///
/// - `upload_vs_raw`: `uploads.uploadFile(from:)` against a raw streamed multipart
///   `POST /files/content` of the same file. Both sides read the file twice and hash it the
///   same way: one SHA-1 pass over 256 KiB reads (the SDK's file source reads 256 KiB at a
///   time; the raw side `pread`s 256 KiB blocks into one buffer) before the body, sent as
///   `Content-MD5`, then the body streamed from the file in 256 KiB reads.
/// - `upload_unchecked_vs_raw`: the same without a checksum on either side
///   (`uploadFile(_:name:parentFolderId:)` with a file `ByteSource` and no `sha1`), which
///   isolates the streaming path itself.
/// - `download_vs_raw`: `downloads.downloadFile(to:)` (SHA-1 checked, written, synced)
///   against a raw `GET` that follows the redirect, hashes, writes and syncs the same way.
/// - `chunked_parallel_speedup`: a 1 GiB `uploadBigFile` with 4 parts in flight divided by
///   the same upload with 1, against a server that caps each connection's upload bandwidth.
///
/// The three ratios are measured like the request ratios: many short alternating SDK/raw
/// pairs of one ``pairBytes`` transfer each (the first of each pair swapping every time),
/// after one discarded warm-up pair; the figure is the median of the pairs' throughput
/// ratios, and `note <name>_spread` beside it is their interquartile range. Long rounds
/// keeping each side's best (the earlier method) swung ±50 % between identical runs, as the
/// server and the client share two cores and the slow drift of the machine lands on
/// whichever side runs at that moment. `BOXLIKE_BENCH_VERBOSE=1` prints every pair.
enum StreamingThroughputBenchmark {
    /// 1 GiB; `BOXLIKE_THROUGHPUT_BYTES` overrides it.
    static let size: Int64 = ProcessInfo.processInfo.environment["BOXLIKE_THROUGHPUT_BYTES"].flatMap(Int64.init) ?? 1 << 30
    /// The size of each transfer of a ratio pair: 128 MiB, long enough to be dominated by
    /// streaming rather than request set-up, short enough for many pairs;
    /// `BOXLIKE_PAIR_BYTES` overrides it.
    static let pairBytes: Int64 = ProcessInfo.processInfo.environment["BOXLIKE_PAIR_BYTES"].flatMap(Int64.init) ?? 128 << 20
    /// How many pairs each ratio takes the median of; `BOXLIKE_PAIRS` overrides it.
    static let pairs = ProcessInfo.processInfo.environment["BOXLIKE_PAIRS"].flatMap(Int.init) ?? 15
    /// The per-connection cap for the chunked runs: 12 MiB/s, about 100 Mbit/s, a common
    /// per-connection rate to a cloud service. Server and client share this machine's two
    /// cores and between them hash every byte four times (part and whole-file SHA-1 on each
    /// side) and write it twice (part, then the committed file), so the cap is low enough
    /// that four connections together stay bound by the link, not by the rig's CPU.
    static let throttledBytesPerSecond = 12 * 1024 * 1024

    /// The whole `streaming` group: memory figures first, then throughput.
    static func runWithMemory(report: (String, Double) -> Void) async throws {
        try await StreamingMemoryBenchmark.run(report: report)
        try await run(report: report)
    }

    static func run(report: (String, Double) -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("boxlike-throughput-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("source.bin")
        try StreamingMemoryBenchmark.writeFile(source, size: size)

        var configuration = BoxLikeServerConfiguration()
        configuration.logger.logLevel = .critical
        configuration.contentSpillThreshold = 8 * 1024 * 1024
        let server = try await BoxLikeServer.start(configuration)
        do {
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            guard let origin = URL(string: server.origin) else { throw BenchmarkError.childFailed("no origin") }
            let client = BoxClient(auth: BoxDeveloperTokenAuth(token: token),
                                   networkSession: NetworkSession(baseUrls: .singleOrigin(origin)))
            let raw = RawTransfers(origin: server.origin, token: token)

            let pairSource = directory.appendingPathComponent("pair-source.bin")
            try StreamingMemoryBenchmark.writeFile(pairSource, size: pairBytes)
            let ratios = PairedRatios(pairs: pairs)
            try await ratios.measure("upload_vs_raw", report: report, sdk: { pair in
                _ = try await client.uploads.uploadFile(from: pairSource, name: "sdk-\(pair).bin", parentFolderId: "0")
            }, raw: { pair in
                try await raw.upload(pairSource, name: "raw-\(pair).bin", checksum: true)
            })
            try await ratios.measure("upload_unchecked_vs_raw", report: report, sdk: { pair in
                _ = try await client.uploads.uploadFile(try ByteSource.file(at: pairSource), name: "sdk-unchecked-\(pair).bin",
                                                        parentFolderId: "0")
            }, raw: { pair in
                try await raw.upload(pairSource, name: "raw-unchecked-\(pair).bin", checksum: false)
            })
            let uploaded = try await client.uploads.uploadFile(from: pairSource, name: "download-source.bin", parentFolderId: "0")
            let fileId = uploaded.entries?.first?.id ?? ""
            try await ratios.measure("download_vs_raw", report: report, sdk: { pair in
                let destination = directory.appendingPathComponent("sdk-\(pair).bin")
                defer { try? FileManager.default.removeItem(at: destination) }
                _ = try await client.downloads.downloadFile(fileId: fileId, to: destination)
            }, raw: { pair in
                let destination = directory.appendingPathComponent("raw-\(pair).bin")
                defer { try? FileManager.default.removeItem(at: destination) }
                try await raw.download(fileId: fileId, to: destination)
            })
            try? FileManager.default.removeItem(at: pairSource)

            _ = await server.faults.inject(.throttle(bytesPerSecond: throttledBytesPerSecond), method: "PUT",
                                           path: .glob("/api/2.0/files/upload_sessions/*"), count: 1_000_000)
            var times: [Int: Duration] = [:]
            for concurrency in [1, 4] {
                times[concurrency] = try await timed {
                    _ = try await client.chunkedUploads.uploadBigFile(
                        file: source, fileName: "chunked-\(concurrency).bin", fileSize: size, parentFolderId: "0",
                        options: ChunkedUploadOptions(concurrency: concurrency))
                }
            }
            if let one = times[1], let four = times[4] {
                report("chunked_parallel_speedup", seconds(one) / seconds(four))
            }
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    static func timed(_ body: () async throws -> Void) async throws -> Duration {
        let started = ContinuousClock.now
        try await body()
        return ContinuousClock.now - started
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

/// The hand-written side: what a careful app would write with AsyncHTTPClient alone.
struct RawTransfers: Sendable {
    let origin: String
    let token: String
    var http: HTTPClient { RawClient.shared }

    /// A streamed multipart upload of `file`, parts as the API wants them; with `checksum`,
    /// the file's SHA-1 is computed first (read in 256 KiB blocks) and sent as `Content-MD5`.
    func upload(_ file: URL, name: String, checksum: Bool) async throws {
        let size = try fileSize(file)
        let sha1 = checksum ? try hexSHA1(of: file) : nil
        let boundary = "raw-\(UUID().uuidString)"
        let head = Array(("--\(boundary)\r\nContent-Disposition: form-data; name=\"attributes\"\r\n"
            + "Content-Type: application/json\r\n\r\n{\"name\":\"\(name)\",\"parent\":{\"id\":\"0\"}}\r\n"
            + "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(name)\"\r\n"
            + "Content-Type: application/octet-stream\r\n\r\n").utf8)
        let tail = Array("\r\n--\(boundary)--\r\n".utf8)
        var request = HTTPClientRequest(url: origin + "/api/2.0/files/content")
        request.method = .POST
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        request.headers.add(name: "Content-Type", value: "multipart/form-data; boundary=\(boundary)")
        if let sha1 { request.headers.add(name: "Content-MD5", value: sha1) }
        let body = MultipartFileBody(head: head, path: file.path, size: size, tail: tail)
        request.body = .stream(body, length: .known(Int64(head.count) + size + Int64(tail.count)))
        let response = try await http.execute(request, timeout: .seconds(600))
        _ = try await response.body.collect(upTo: 1 << 20)
        guard response.status == .created else { throw BenchmarkError.childFailed("raw upload: \(response.status)") }
    }

    /// A `GET` of the file's content following the redirect, hashed, written and synced.
    func download(fileId: String, to destination: URL) async throws {
        var request = HTTPClientRequest(url: origin + "/2.0/files/\(fileId)/content")
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        var response = try await http.execute(request, timeout: .seconds(600))
        if response.status == .found, let location = response.headers.first(name: "location") {
            _ = try await response.body.collect(upTo: 1 << 20)
            response = try await http.execute(HTTPClientRequest(url: location), timeout: .seconds(600))
        }
        guard response.status == .ok else { throw BenchmarkError.childFailed("raw download: \(response.status)") }
        let descriptor = open(destination.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw BenchmarkError.childFailed("open \(destination.path)") }
        defer { close(descriptor) }
        var hasher = Insecure.SHA1()
        for try await buffer in response.body {
            buffer.withUnsafeReadableBytes { bytes in
                hasher.update(bufferPointer: bytes)
                var offset = 0
                while offset < bytes.count {
                    let written = write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                    if written <= 0 { break }
                    offset += written
                }
            }
        }
        _ = hasher.finalize()
        guard fsync(descriptor) == 0 else { throw BenchmarkError.childFailed("fsync") }
    }

    /// The hex SHA-1 of a file, read with `pread` in 256 KiB blocks (as the SDK's file source
    /// reads) into one reused buffer.
    private func hexSHA1(of file: URL) throws -> String {
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw BenchmarkError.childFailed("open \(file.path)") }
        defer { close(descriptor) }
        var hasher = Insecure.SHA1()
        var buffer = [UInt8](repeating: 0, count: 256 * 1024)
        var offset: off_t = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
            guard count > 0 else { break }
            buffer.withUnsafeBytes { hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            offset += off_t(count)
        }
        return hasher.finalize().map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    private func fileSize(_ file: URL) throws -> Int64 {
        (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value ?? 0
    }
}

/// The multipart body: the part headers, the file read 256 KiB at a time, the closing
/// boundary.
struct MultipartFileBody: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let head: [UInt8]
    let path: String
    let size: Int64
    let tail: [UInt8]

    struct AsyncIterator: AsyncIteratorProtocol {
        let body: MultipartFileBody
        var stage = 0
        var descriptor: Int32 = -1
        var offset: Int64 = 0

        mutating func next() async throws -> ByteBuffer? {
            switch stage {
            case 0:
                stage = 1
                descriptor = open(body.path, O_RDONLY | O_CLOEXEC)
                guard descriptor >= 0 else { throw BenchmarkError.childFailed("open \(body.path)") }
                return ByteBuffer(bytes: body.head)
            case 1:
                if offset < body.size {
                    let wanted = Int(Swift.min(256 * 1024, body.size - offset))
                    var buffer = ByteBufferAllocator().buffer(capacity: wanted)
                    let descriptor = descriptor, position = offset
                    let count = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: wanted) { bytes in
                        Swift.max(0, pread(descriptor, bytes.baseAddress, wanted, off_t(position)))
                    }
                    guard count > 0 else { throw BenchmarkError.childFailed("short read") }
                    offset += Int64(count)
                    return buffer
                }
                close(descriptor)
                stage = 2
                return ByteBuffer(bytes: body.tail)
            default:
                return nil
            }
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(body: self)
    }
}

/// Ratios of SDK and raw transfers taken as the median of alternating pairs, reported with
/// their interquartile range as `note <name>_spread`.
struct PairedRatios {
    let pairs: Int

    /// Runs one warm-up pair, then ``pairs`` pairs with the first side swapping each time, and
    /// reports the median of raw time ÷ SDK time (the SDK's throughput over the raw client's).
    func measure(_ name: String, report: (String, Double) -> Void, sdk: (Int) async throws -> Void,
                 raw: (Int) async throws -> Void) async throws {
        _ = try await StreamingThroughputBenchmark.timed { try await sdk(-1) }
        _ = try await StreamingThroughputBenchmark.timed { try await raw(-1) }
        var ratios: [Double] = []
        for pair in 0..<Swift.max(1, pairs) {
            let sdkTime: Duration
            let rawTime: Duration
            if pair % 2 == 0 {
                sdkTime = try await StreamingThroughputBenchmark.timed { try await sdk(pair) }
                rawTime = try await StreamingThroughputBenchmark.timed { try await raw(pair) }
            } else {
                rawTime = try await StreamingThroughputBenchmark.timed { try await raw(pair) }
                sdkTime = try await StreamingThroughputBenchmark.timed { try await sdk(pair) }
            }
            ratios.append(StreamingThroughputBenchmark.seconds(rawTime) / StreamingThroughputBenchmark.seconds(sdkTime))
        }
        if ProcessInfo.processInfo.environment["BOXLIKE_BENCH_VERBOSE"] != nil {
            FileHandle.standardError.write(Data("\(name) pairs: \(ratios.map { String(format: "%.3f", $0) }.joined(separator: " "))\n".utf8))
        }
        let sorted = ratios.sorted()
        report(name, Self.quantile(sorted, 0.5))
        print("note \(name)_spread \(Self.quantile(sorted, 0.75) - Self.quantile(sorted, 0.25))")
    }

    /// The `q` quantile of sorted values, interpolated between neighbours.
    static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        guard let first = sorted.first else { return 0 }
        let position = q * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = Swift.min(lower + 1, sorted.count - 1)
        guard lower < sorted.count else { return sorted.last ?? first }
        return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
    }
}
