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
/// - `upload_1gib_vs_raw`: `uploads.uploadFile(from:)` of 1 GiB against a raw streamed
///   multipart `POST /files/content` of the same file doing the same job: the SDK always
///   sends the file's SHA-1 as `Content-MD5` (one hashing pass before the body), so the raw
///   side hashes the file first too (throughput ratio, SDK ÷ raw).
/// - `upload_1gib_unchecked_vs_raw`: the same without a checksum on either side
///   (`uploadFile(_:name:parentFolderId:)` with a file `ByteSource` and no `sha1`), which
///   isolates the streaming path itself.
/// - `download_1gib_vs_raw`: `downloads.downloadFile(to:)` (SHA-1 checked, written, synced)
///   against a raw `GET` that follows the redirect, hashes, writes and syncs the same way.
/// - `chunked_parallel_speedup`: a 1 GiB `uploadBigFile` with 4 parts in flight divided by
///   the same upload with 1, against a server that caps each connection's upload bandwidth.
///
/// Each pair alternates SDK and raw runs and keeps the best time of each, so a noisy moment
/// on the shared machine hurts neither side more than the other.
enum StreamingThroughputBenchmark {
    /// 1 GiB; `BOXLIKE_THROUGHPUT_BYTES` overrides it.
    static let size: Int64 = ProcessInfo.processInfo.environment["BOXLIKE_THROUGHPUT_BYTES"].flatMap(Int64.init) ?? 1 << 30
    static let rounds = 2
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

            var sdkUpload = Duration.seconds(1_000_000), rawUpload = sdkUpload
            var sdkUnchecked = sdkUpload, rawUnchecked = sdkUpload
            var fileId = ""
            for round in 0..<rounds {
                rawUpload = min(rawUpload, try await timed {
                    try await raw.upload(source, name: "raw-\(round).bin", checksum: true)
                })
                sdkUpload = min(sdkUpload, try await timed {
                    let files = try await client.uploads.uploadFile(from: source, name: "sdk-\(round).bin", parentFolderId: "0")
                    fileId = files.entries.first?.id ?? ""
                })
                rawUnchecked = min(rawUnchecked, try await timed {
                    try await raw.upload(source, name: "raw-unchecked-\(round).bin", checksum: false)
                })
                sdkUnchecked = min(sdkUnchecked, try await timed {
                    _ = try await client.uploads.uploadFile(try ByteSource.file(at: source), name: "sdk-unchecked-\(round).bin",
                                                            parentFolderId: "0")
                })
            }
            report("upload_1gib_vs_raw", seconds(rawUpload) / seconds(sdkUpload))
            report("upload_1gib_unchecked_vs_raw", seconds(rawUnchecked) / seconds(sdkUnchecked))

            var sdkDownload = Duration.seconds(1_000_000), rawDownload = sdkDownload
            for round in 0..<rounds {
                let rawDestination = directory.appendingPathComponent("raw-\(round).bin")
                rawDownload = min(rawDownload, try await timed { try await raw.download(fileId: fileId, to: rawDestination) })
                try? FileManager.default.removeItem(at: rawDestination)
                let sdkDestination = directory.appendingPathComponent("sdk-\(round).bin")
                sdkDownload = min(sdkDownload, try await timed {
                    _ = try await client.downloads.downloadFile(fileId: fileId, to: sdkDestination)
                })
                try? FileManager.default.removeItem(at: sdkDestination)
            }
            report("download_1gib_vs_raw", seconds(rawDownload) / seconds(sdkDownload))

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
    var http: HTTPClient { DefaultTransport.sharedHTTPClient }

    /// A streamed multipart upload of `file`, parts as the API wants them; with `checksum`,
    /// the file's SHA-1 is computed first (read in 1 MiB blocks) and sent as `Content-MD5`.
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

    /// The hex SHA-1 of a file, read with `pread` into one reused buffer.
    private func hexSHA1(of file: URL) throws -> String {
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw BenchmarkError.childFailed("open \(file.path)") }
        defer { close(descriptor) }
        var hasher = Insecure.SHA1()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
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
