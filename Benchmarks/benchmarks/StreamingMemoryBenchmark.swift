import BoxLikeSDK
import BoxLikeServer
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `upload_1gib_peak_rss_mib` and `download_1gib_peak_rss_mib`: the peak resident memory of
/// a separate process (this executable, run as a child) that streams 1 GiB up from a file
/// and down to a file. The server runs in this process and keeps content on disk.
enum StreamingMemoryBenchmark {
    /// 1 GiB; `BOXLIKE_RSS_BYTES` overrides it to see how the peak scales with size.
    static let size: Int64 = ProcessInfo.processInfo.environment["BOXLIKE_RSS_BYTES"].flatMap(Int64.init) ?? 1 << 30

    static func run(report: (String, Double) -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("boxlike-rss-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("source.bin")
        try writeFile(source, size: size)

        var configuration = BoxLikeServerConfiguration()
        configuration.logger.logLevel = .critical
        configuration.contentSpillThreshold = 8 * 1024 * 1024
        let server = try await BoxLikeServer.start(configuration)
        let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)

        let baseline = try runChild(["child-baseline", server.origin, token])
        if let baselineRSS = baseline.output["peak_rss_kib"].flatMap(Double.init) {
            // Not a goal: the memory of a process that made one small call, for comparison.
            print("baseline_peak_rss_mib \(baselineRSS / 1024)")
        }
        let upload = try runChild(["child-upload", server.origin, token, source.path])
        guard let fileId = upload.output["file_id"], let uploadRSS = upload.output["peak_rss_kib"].flatMap(Double.init) else {
            throw BenchmarkError.childFailed("upload child printed no result")
        }
        report("upload_1gib_peak_rss_mib", uploadRSS / 1024)

        let destination = directory.appendingPathComponent("downloaded.bin")
        let download = try runChild(["child-download", server.origin, token, fileId, destination.path])
        guard let downloadRSS = download.output["peak_rss_kib"].flatMap(Double.init) else {
            throw BenchmarkError.childFailed("download child printed no result")
        }
        let written = (try FileManager.default.attributesOfItem(atPath: destination.path)[.size] as? NSNumber)?.int64Value
        guard written == size else { throw BenchmarkError.childFailed("downloaded \(written ?? -1) bytes") }
        report("download_1gib_peak_rss_mib", downloadRSS / 1024)
        await server.stop()
    }

    /// The child side: `child-upload <origin> <token> <file>`.
    static func childUpload(_ arguments: [String]) async throws {
        guard arguments.count == 3, let origin = URL(string: arguments[0]) else { throw BenchmarkError.childFailed("usage") }
        let client = BoxClient(auth: BoxDeveloperTokenAuth(token: arguments[1]),
                               networkSession: NetworkSession(baseUrls: .singleOrigin(origin)))
        let files = try await client.uploads.uploadFile(from: URL(fileURLWithPath: arguments[2]),
                                                        name: "rss-\(UUID().uuidString).bin", parentFolderId: "0")
        print("file_id \(files.entries?.first?.id ?? "")")
        print("peak_rss_kib \(peakResidentKiB())")
    }

    /// The child side: `child-baseline <origin> <token>`: one small call, for comparison.
    static func childBaseline(_ arguments: [String]) async throws {
        guard arguments.count == 2, let origin = URL(string: arguments[0]) else { throw BenchmarkError.childFailed("usage") }
        let client = BoxClient(auth: BoxDeveloperTokenAuth(token: arguments[1]),
                               networkSession: NetworkSession(baseUrls: .singleOrigin(origin)))
        _ = try await client.users.getUserMe()
        print("peak_rss_kib \(peakResidentKiB())")
    }

    /// The child side: `child-download <origin> <token> <file id> <destination>`.
    static func childDownload(_ arguments: [String]) async throws {
        guard arguments.count == 4, let origin = URL(string: arguments[0]) else { throw BenchmarkError.childFailed("usage") }
        let client = BoxClient(auth: BoxDeveloperTokenAuth(token: arguments[1]),
                               networkSession: NetworkSession(baseUrls: .singleOrigin(origin)))
        _ = try await client.downloads.downloadFile(fileId: arguments[2], to: URL(fileURLWithPath: arguments[3]))
        print("peak_rss_kib \(peakResidentKiB())")
    }

    /// The peak resident memory of this process image, in KiB: `VmHWM` from
    /// `/proc/self/status`, which starts afresh at `exec`. (`getrusage`'s `ru_maxrss` does
    /// not: after a `fork` it carries the parent's resident size at the time of the fork into
    /// the child, so a child of a big parent reports the parent's size whatever it does.)
    static func peakResidentKiB() -> Int {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) {
            for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
                let digits = line.dropFirst("VmHWM:".count).filter(\.isNumber)
                if let kib = Int(digits) { return kib }
            }
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss)
    }

    /// Runs this executable again with `arguments` and reads its `key value` lines.
    static func runChild(_ arguments: [String]) throws -> (status: Int32, output: [String: String]) {
        let process = Process()
        if let wrapper = ProcessInfo.processInfo.environment["BOXLIKE_CHILD_WRAPPER"], !wrapper.isEmpty {
            // A profiler to run the child under, e.g. `heaptrack` (not used for the figures).
            process.executableURL = URL(fileURLWithPath: wrapper)
            process.arguments = [CommandLine.arguments[0]] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            process.arguments = arguments
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var output: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { output[String(parts[0])] = String(parts[1]) }
        }
        guard process.terminationStatus == 0 else {
            throw BenchmarkError.childFailed("\(arguments[0]) exited with \(process.terminationStatus)")
        }
        return (process.terminationStatus, output)
    }

    static func writeFile(_ url: URL, size: Int64) throws {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var block = [UInt8](repeating: 0, count: 4 * 1024 * 1024)
        var state: UInt64 = 0x1234_5678
        for index in block.indices {
            state = state &* 6_364_136_223_846_793_005 &+ 1
            block[index] = UInt8(truncatingIfNeeded: state >> 33)
        }
        var written: Int64 = 0
        while written < size {
            try handle.write(contentsOf: block)
            written += Int64(block.count)
        }
    }
}
