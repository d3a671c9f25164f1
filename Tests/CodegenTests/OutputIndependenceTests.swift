import CodegenKit
import Foundation
import Testing

/// The generated code depends on the spec and the module it joins, not on where the
/// output directory is or what lies next to it.
@Suite("Output depends only on the spec")
struct OutputIndependenceTests {
    @Test("two runs into two unrelated directories write byte-identical files")
    func identicalAcrossDirectories() throws {
        try TestProcess.withTemporaryDirectory { directory in
            // One output has neighbours declaring names the spec's types want.
            let crowded = directory.appendingPathComponent("crowded/Generated")
            try FileManager.default.createDirectory(at: crowded, withIntermediateDirectories: true)
            try Data("struct AuthorizationManager {}\nstruct AccessToken {}\n".utf8)
                .write(to: directory.appendingPathComponent("crowded/Neighbour.swift"))
            try Data("enum User {}\n".utf8).write(to: directory.appendingPathComponent("Other.swift"))
            let lonely = directory.appendingPathComponent("a/b/c/Out")

            for output in [crowded, lonely] {
                let outcome = try TestProcess.runCodegen(["--output", output.path])
                #expect(outcome.status == 0, "\(outcome.output)")
            }
            let first = try OutputDirectory.existingFiles(in: crowded)
            let second = try OutputDirectory.existingFiles(in: lonely)
            #expect(!first.isEmpty)
            #expect(first == second)
        }
    }

    @Test("by default only the output's module and the runtime are scanned for names")
    func defaultDirectories() throws {
        try TestProcess.withTemporaryDirectory { package in
            try Data().write(to: package.appendingPathComponent("Package.swift"))
            let module = package.appendingPathComponent("Sources/MyModule")
            let output = module.appendingPathComponent("Generated")
            for directory in [output, package.appendingPathComponent("Sources/Other"),
                              package.appendingPathComponent("Sources/BoxLikeRuntime")] {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            }
            try Data("struct HandWritten {}\n".utf8).write(to: module.appendingPathComponent("HandWritten.swift"))
            try Data("struct Stale {}\n".utf8).write(to: output.appendingPathComponent("Stale.swift"))
            try Data("struct Unrelated {}\n".utf8)
                .write(to: package.appendingPathComponent("Sources/Other/Unrelated.swift"))
            try Data("public struct RuntimeType {}\n".utf8)
                .write(to: package.appendingPathComponent("Sources/BoxLikeRuntime/RuntimeType.swift"))

            let directories = ReservedNames.defaultDirectories(forOutput: output, runtimePackage: package)
            #expect(directories.map(\.lastPathComponent) == ["MyModule", "BoxLikeRuntime"])
            let names = ReservedNames.names(in: directories, excluding: output)
            #expect(names == ["HandWritten", "RuntimeType"])
        }
    }

    @Test("output outside any package only avoids the runtime's names")
    func outputOutsidePackage() throws {
        try TestProcess.withTemporaryDirectory { directory in
            let output = directory.appendingPathComponent("Sources/Loose/Generated")
            #expect(ReservedNames.moduleDirectory(containing: output) == nil)
            let runtimePackage = try TestProcess.packageRoot()
            let directories = ReservedNames.defaultDirectories(forOutput: output, runtimePackage: runtimePackage)
            #expect(directories.map(\.path) == [runtimePackage.appendingPathComponent("Sources/BoxLikeRuntime")
                .standardizedFileURL.path])
        }
    }
}
