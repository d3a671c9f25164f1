// swift-tools-version: 6.2
import PackageDescription

// MARK: - Dependencies

let dependencies: [Package.Dependency] = [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
    .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
    .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.0"),
    .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
    .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.4.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    .package(url: "https://github.com/mattpolzin/OpenAPIKit", from: "6.4.0", traits: []),
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    .package(url: "https://github.com/vapor/multipart-kit", from: "4.7.1"),
]

// MARK: - Targets, grouped by part of the project

/// Every target belongs to one part. `BOXLIKE_ONLY=codegen,server swift test` builds only
/// those parts (plus what they depend on), so work on one part is not held up by a build of
/// the others. Without the variable (CI, users) everything is built.
struct Part {
    var name: String
    var targets: [Target]
}

let parts: [Part] = [
    Part(name: "codegen", targets: [
        .target(
            name: "CodegenKit",
            dependencies: [
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
                .product(name: "OpenAPIKit30", package: "OpenAPIKit"),
                .product(name: "OpenAPIKitCompat", package: "OpenAPIKit"),
                .product(name: "Yams", package: "Yams"),
            ],
            path: "codegen/Sources/CodegenKit"
        ),
        // Documents made up for tests and timing: the synthetic specs (also behind
        // `codegen-synthetic`) and the stress corpus.
        .target(
            name: "CodegenTestSupport",
            path: "Tests/CodegenTestSupport"
        ),
        .executableTarget(
            name: "codegen",
            dependencies: [
                "CodegenKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "codegen/Sources/codegen"
        ),
        // Generates from a synthetic document or the stress corpus, for profiling; not a
        // product, so the shipped `codegen` does not link the test documents.
        .executableTarget(
            name: "codegen-synthetic",
            dependencies: [
                "CodegenKit",
                "CodegenTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Tests/CodegenSynthetic"
        ),
        .testTarget(
            name: "CodegenTests",
            // The runtime is built first so the compile tests can type-check generated
            // code against it, and the runtime's coding helpers are tested here.
            dependencies: ["CodegenKit", "CodegenTestSupport", "BoxLikeRuntime", "BoxLikeNetworkTestSupport",
                           .product(name: "OpenAPIKit", package: "OpenAPIKit")],
            path: "Tests/CodegenTests",
            resources: [.copy("Fixtures")]
        ),
    ]),
    Part(name: "sdk", targets: [
        .target(name: "BoxLikeJSON"),
        .target(
            name: "BoxLikeRuntime",
            dependencies: [
                "BoxLikeJSON",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]
        ),
        .target(
            name: "BoxLikeSDK",
            dependencies: [
                "BoxLikeRuntime",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]
        ),
    ]),
    Part(name: "runtimetests", targets: [
        .testTarget(
            name: "BoxLikeRuntimeTests",
            dependencies: [
                "BoxLikeRuntime",
                // The transport error classifier is tested over these libraries' real error values.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
    ]),
    Part(name: "sdktests", targets: [
        .testTarget(
            name: "BoxLikeSDKTests",
            dependencies: [
                "BoxLikeSDK",
                "BoxLikeServer",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                "BoxLikeNetworkTestSupport",
                "BoxLikeSoak",
            ],
            resources: [.copy("Fixtures")]
        ),
        // Mixed content work by many clients with a ledger to check the server against: the
        // soak benchmark and its short form in the SDK's tests.
        .target(
            name: "BoxLikeSoak",
            dependencies: [
                "BoxLikeSDK",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Tests/Soak"
        ),
        // A real HTTP proxy (tinyproxy) for the SDK's and the samples' proxy tests.
        .target(
            name: "BoxLikeNetworkTestSupport",
            dependencies: ["BoxLikeRuntime"],
            path: "Tests/NetworkTestSupport"
        ),
    ]),
    Part(name: "server", targets: [
        .target(
            name: "BoxLikeServer",
            dependencies: [
                "BoxLikeJSON",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                // The in-process transport's request contexts sit on an embedded channel.
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
                // `InProcessTransport` is a `ClientTransport`.
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "MultipartKit", package: "multipart-kit"),
            ],
            resources: [.copy("Resources")]
        ),
        .executableTarget(
            name: "boxlike-server",
            dependencies: [
                "BoxLikeServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "BoxLikeServerTests",
            dependencies: [
                "BoxLikeServer",
                "BoxLikeNetworkTestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
    ]),
    Part(name: "postgres", targets: [
        .target(
            name: "BoxLikeSDKPostgres",
            dependencies: [
                "BoxLikeSDK",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "BoxLikeSDKPostgresTests",
            dependencies: [
                "BoxLikeSDKPostgres", "BoxLikeServer", "BoxLikeStorageTestSupport",
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        // Throwaway PostgreSQL clusters and worker processes, shared by the storage tests,
        // the worker and the storm benchmarks.
        .target(
            name: "BoxLikeStorageTestSupport",
            dependencies: [
                "BoxLikeNetworkTestSupport",
                "BoxLikeSDKPostgres",
                "BoxLikeServer",
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            path: "Tests/StorageTestSupport"
        ),
        // A child process for the multi-process storage tests and the storm benchmarks.
        .executableTarget(
            name: "boxlike-storage-worker",
            dependencies: [
                "BoxLikeSDKPostgres",
                "BoxLikeStorageTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            path: "Tests/StorageWorker"
        ),
    ]),
    Part(name: "samples", targets: [
        .target(
            name: "SampleSupport",
            dependencies: [
                "BoxLikeSDK",
                "BoxLikeServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Samples/SampleSupport"
        ),
        .target(
            name: "ReadmeSnippets",
            // The README shows the SDK, and the local Box it can run against in process.
            dependencies: ["BoxLikeSDK", "BoxLikeServer"],
            path: "Samples/ReadmeSnippets"
        ),
    ] + ["sample-developer-token", "sample-ccg", "sample-jwt", "sample-oauth", "sample-downscope", "sample-upload", "sample-admin",
         "sample-compliance", "sample-ai", "sample-docgen"].map { name in
        .executableTarget(
            name: name,
            dependencies: [
                "SampleSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Samples/\(name)"
        )
    } + [
        // The demo's webhook step receives deliveries with a Hummingbird app of its own.
        .executableTarget(
            name: "demo",
            dependencies: [
                "SampleSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            path: "Samples/demo"
        ),
        // The sign sample plays its signers with the server's `SignDriver`.
        .executableTarget(
            name: "sample-sign",
            dependencies: [
                "SampleSupport",
                "BoxLikeServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Samples/sample-sign"
        ),
        // The event and webhook samples run under swift-service-lifecycle's `ServiceGroup`.
        .executableTarget(
            name: "sample-events",
            dependencies: [
                "SampleSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Samples/sample-events"
        ),
        .executableTarget(
            name: "sample-webhooks",
            dependencies: [
                "SampleSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Samples/sample-webhooks"
        ),
        .testTarget(
            name: "SamplesTests",
            dependencies: ["SampleSupport", "BoxLikeNetworkTestSupport"],
            path: "Tests/SamplesTests"
        ),
    ]),
    // Code written the way Box's documentation shows its Swift SDK (`BoxSdkGen`) being used,
    // built against this SDK with only the import changed, run against the local Box.
    Part(name: "dropin", targets: [
        .testTarget(
            name: "BoxSdkGenDropInTests",
            dependencies: ["BoxLikeSDK", "BoxLikeServer"],
            path: "Tests/BoxSdkGenDropInTests"
        ),
    ]),
    Part(name: "benchmarks", targets: [
        .executableTarget(
            name: "benchmarks",
            dependencies: [
                "CodegenKit",
                "CodegenTestSupport",
                "BoxLikeSDK",
                "BoxLikeServer",
                "BoxLikeSoak",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ],
            path: "Benchmarks/benchmarks"
        ),
    ]),
]

/// Products, each with the target it is made of.
let products: [(target: String, product: Product)] = [
    ("BoxLikeSDK", .library(name: "BoxLikeSDK", targets: ["BoxLikeSDK"])),
    ("BoxLikeSDKPostgres", .library(name: "BoxLikeSDKPostgres", targets: ["BoxLikeSDKPostgres"])),
    ("BoxLikeServer", .library(name: "BoxLikeServer", targets: ["BoxLikeServer"])),
    ("codegen", .executable(name: "codegen", targets: ["codegen"])),
    ("boxlike-server", .executable(name: "boxlike-server", targets: ["boxlike-server"])),
    ("benchmarks", .executable(name: "benchmarks", targets: ["benchmarks"])),
    ("demo", .executable(name: "demo", targets: ["demo"])),
    ("sample-developer-token", .executable(name: "sample-developer-token", targets: ["sample-developer-token"])),
    ("sample-ccg", .executable(name: "sample-ccg", targets: ["sample-ccg"])),
    ("sample-jwt", .executable(name: "sample-jwt", targets: ["sample-jwt"])),
    ("sample-oauth", .executable(name: "sample-oauth", targets: ["sample-oauth"])),
    ("sample-downscope", .executable(name: "sample-downscope", targets: ["sample-downscope"])),
    ("sample-upload", .executable(name: "sample-upload", targets: ["sample-upload"])),
    ("sample-events", .executable(name: "sample-events", targets: ["sample-events"])),
    ("sample-webhooks", .executable(name: "sample-webhooks", targets: ["sample-webhooks"])),
]

// MARK: - Optional narrowing for local work (see `Part`)

import Foundation

@MainActor
func selectedTargets(from parts: [Part]) -> [Target] {
    let all = parts.flatMap(\.targets)
    guard let only = ProcessInfo.processInfo.environment["BOXLIKE_ONLY"], !only.isEmpty else {
        return all
    }
    let wanted = Set(only.split(separator: ",").map { String($0) })
    var keep = Set(parts.filter { wanted.contains($0.name) }.flatMap { $0.targets.map(\.name) })
    let byName = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
    var changed = true
    while changed {
        changed = false
        for name in keep {
            for dependency in byName[name]?.dependencies ?? [] {
                if case .byNameItem(let dependencyName, _) = dependency, byName[dependencyName] != nil,
                   keep.insert(dependencyName).inserted {
                    changed = true
                }
            }
        }
    }
    return all.filter { keep.contains($0.name) }
}

let targets = selectedTargets(from: parts)
let targetNames = Set(targets.map(\.name))

let package = Package(
    name: "BoxLikeSDK",
    platforms: [.macOS(.v15)],
    products: products.filter { targetNames.contains($0.target) }.map(\.product),
    dependencies: dependencies,
    targets: targets,
    swiftLanguageModes: [.v6]
)
