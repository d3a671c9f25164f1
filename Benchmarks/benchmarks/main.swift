import Foundation

// `benchmarks [group...]` runs the named groups (all of them without arguments) and prints
// one `figure <name> <value>` line per measurement. Each group lives in its own file.

/// A named set of measurements.
struct BenchmarkGroupEntry {
    let name: String
    let run: ((String, Double) -> Void) async throws -> Void
}

let groups: [BenchmarkGroupEntry] = [
    BenchmarkGroupEntry(name: "codegen", run: CodegenBenchmark.run),
    BenchmarkGroupEntry(name: "compile", run: CodegenBenchmark.runCompile),
    BenchmarkGroupEntry(name: "sdk", run: SDKThroughputBenchmark.run),
    BenchmarkGroupEntry(name: "streaming", run: StreamingThroughputBenchmark.runWithMemory),
    BenchmarkGroupEntry(name: "storm", run: RefreshStormBenchmark.run),
    BenchmarkGroupEntry(name: "jwt", run: JWTAssertionBenchmark.run),
    BenchmarkGroupEntry(name: "events", run: EventsBenchmark.run),
    BenchmarkGroupEntry(name: "starvation", run: StarvationBenchmark.run),
    BenchmarkGroupEntry(name: "soak", run: SoakBenchmark.run),
]

/// Child-process roles some groups run this executable in.
let childRoles: [String: ([String]) async throws -> Void] = [
    "child-upload": StreamingMemoryBenchmark.childUpload,
    "child-download": StreamingMemoryBenchmark.childDownload,
    "child-baseline": StreamingMemoryBenchmark.childBaseline,
    "profile-me": ProfilingRoles.profileMe,
    "profile-codegen": ProfilingRoles.profileCodegen,
]

func report(_ name: String, _ value: Double) {
    print("figure \(name) \(value)")
}

let arguments = Array(CommandLine.arguments.dropFirst())
if let role = arguments.first, let child = childRoles[role] {
    do {
        try await child(Array(arguments.dropFirst()))
    } catch {
        FileHandle.standardError.write(Data("\(role) failed: \(error)\n".utf8))
        exit(1)
    }
    exit(0)
}

if arguments.contains("--help") || arguments.contains("-h") {
    print("""
        usage: benchmarks [group...]
        groups: \(groups.map(\.name).joined(separator: ", "))
        also:   benchmarks profile-me sdk|raw|transport|pipeline [concurrency] [seconds]
                benchmarks profile-codegen [schemas] [runs] [whole]
        """)
    exit(0)
}

let unknown = arguments.filter { name in !groups.contains { $0.name == name } }
guard unknown.isEmpty else {
    FileHandle.standardError.write(Data("unknown group(s): \(unknown.joined(separator: ", ")); groups: \(groups.map(\.name).joined(separator: ", "))\n".utf8))
    exit(2)
}

var failed = false
for group in groups where arguments.isEmpty || arguments.contains(group.name) {
    do {
        try await group.run(report)
    } catch {
        FileHandle.standardError.write(Data("benchmark group \(group.name) failed: \(error)\n".utf8))
        failed = true
    }
}
exit(failed ? 1 : 0)
