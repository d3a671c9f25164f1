// Uploads a generated file with a progress bar, in one request or as a chunked upload.
//
//   swift run sample-upload --size-mb 20
//   swift run sample-upload --size-mb 30 --chunked
import ArgumentParser
import BoxLikeSDK
import Foundation
import SampleSupport

@main
struct SampleUpload: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample-upload",
        abstract: "Upload a generated file with a progress bar (optionally as a chunked upload).")

    @OptionGroup var connection: ConnectionOptions

    @Option(help: "Size of the generated file in megabytes.")
    var sizeMb: Int = 20

    @Flag(help: "Use an upload session (parts sent in parallel) instead of one request.")
    var chunked = false

    @Option(help: "The folder to upload into.")
    var folderId = "0"

    func run() async throws {
        let target = try await connection.resolve()
        let file = try GeneratedFile.create(megabytes: sizeMb)
        do {
            let token = try target.require(target.developerToken, "developer-token")
            let client = BoxClient(auth: BoxDeveloperTokenAuth(token: token, networkSession: target.networkSession),
                                   networkSession: target.networkSession)
            let name = "sample-\(sizeMb)MB-\(Int(Date().timeIntervalSince1970)).bin"
            let progress = ProgressBar.reporter(label: chunked ? "chunked" : "upload ")
            let uploaded: FileFull
            if chunked {
                uploaded = try await client.chunkedUploads.uploadBigFile(
                    file: file.url, fileName: name, fileSize: file.size, parentFolderId: folderId,
                    options: ChunkedUploadOptions(progress: progress))
            } else {
                let files = try await client.uploads.uploadFile(from: file.url, name: name, parentFolderId: folderId,
                                                                progress: progress)
                guard let first = files.entries?.first else { throw ValidationError("The upload returned no file.") }
                uploaded = first
            }
            print("Uploaded \(uploaded.name ?? name): \(uploaded.size ?? 0) bytes, SHA-1 \(uploaded.sha1 ?? "?"), id \(uploaded.id)")
        } catch {
            file.remove()
            await target.close()
            throw error
        }
        file.remove()
        await target.close()
    }
}
