import BoxLikeJSON
import Foundation

/// An archive prepared by `POST /zip_downloads`, downloadable once by its creator.
struct ZipDownloadRecord: Sendable {
    var id: String
    var userId: String
    var entries: [ZipArchive.Entry]
    var fileCount: Int
    var skippedFiles: Int
    var skippedFolders: Int
    var expiresAt: Date
    /// The items asked for, each recorded as downloaded when the archive is.
    var requested: [ItemRef] = []
    var downloadStarted = false
    var downloadedFiles = 0
    var state = "in_progress"
}

/// Zip downloads: the items are resolved (and permission-checked) when the archive is
/// created, so the archive holds what the user could see then.
extension ZipDownloadsState {
    static let zipDownloadLifetime: TimeInterval = 12 * 60 * 60

    /// Resolves the items into archive entries; returns the record and the name conflicts.
    mutating func createZipDownload(core: isolated ServerState, items requested: [(type: String, id: String)], principal: Principal) throws
        -> (ZipDownloadRecord, conflicts: [[JSONValue]]) {
        guard !requested.isEmpty else { throw ServerErrorResponse.badRequest("items must not be empty") }
        var entries: [ZipArchive.Entry] = []
        var conflicts: [[JSONValue]] = []
        var usedNames: [String: [(ItemRecord, String)]] = [:]
        var files = 0, skippedFiles = 0, skippedFolders = 0
        var resolved: [ItemRef] = []
        for (type, id) in requested {
            let record: ItemRecord
            switch type {
            case "file": record = try core.file(id, for: principal, to: .download)
            case "folder": record = try core.folder(id, for: principal)
            default: throw ServerErrorResponse.badRequest("items may only be files and folders")
            }
            resolved.append(record.ref)
            let name = Self.uniqueName(record.name, taken: Set(usedNames.keys.map { $0.lowercased() }))
            usedNames[name, default: []].append((record, name))
            if name != record.name {
                conflicts.append([
                    ["id": .string(record.id), "type": .string(record.type.rawValue), "original_name": .string(record.name),
                     "download_name": .string(record.name)],
                    ["id": .string(record.id), "type": .string(record.type.rawValue), "original_name": .string(record.name),
                     "download_name": .string(name)],
                ])
            }
            collectEntries(core: core, record, path: name, principal: principal, into: &entries, files: &files,
                           skippedFiles: &skippedFiles, skippedFolders: &skippedFolders)
        }
        var record = ZipDownloadRecord(
            id: TokenRegistry.randomToken(length: 32), userId: principal.userId, entries: entries, fileCount: files,
            skippedFiles: skippedFiles, skippedFolders: skippedFolders, expiresAt: core.currentTime.addingTimeInterval(Self.zipDownloadLifetime))
        record.requested = resolved
        self.zipDownloads[record.id] = record
        return (record, conflicts)
    }

    private mutating func collectEntries(core: isolated ServerState, _ item: ItemRecord, path: String, principal: Principal, into entries: inout [ZipArchive.Entry],
                                files: inout Int, skippedFiles: inout Int, skippedFolders: inout Int) {
        switch item.payload {
        case .file(let file):
            entries.append(ZipArchive.Entry(path: path, content: file.currentVersion.content, modifiedAt: item.modifiedAt))
            files += 1
        case .folder:
            entries.append(ZipArchive.Entry(path: path + "/", content: nil, modifiedAt: item.modifiedAt))
            for child in core.children(of: item.id) {
                guard core.may(principal, child.type == .folder ? .view : .download, child.ref) else {
                    if child.type == .folder { skippedFolders += 1 } else { skippedFiles += 1 }
                    continue
                }
                collectEntries(core: core, child, path: path + "/" + child.name, principal: principal, into: &entries, files: &files,
                               skippedFiles: &skippedFiles, skippedFolders: &skippedFolders)
            }
        case .webLink:
            skippedFiles += 1
        }
    }

    /// `Report.pdf`, `Report (1).pdf`, `Report (2).pdf`...
    static func uniqueName(_ name: String, taken: Set<String>) -> String {
        guard taken.contains(name.lowercased()) else { return name }
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        let stem = dot.map { String(name[..<$0]) } ?? name
        let suffix = dot.map { String(name[$0...]) } ?? ""
        var counter = 1
        while taken.contains("\(stem) (\(counter))\(suffix)".lowercased()) { counter += 1 }
        return "\(stem) (\(counter))\(suffix)"
    }

    /// Hands out the archive's entries once, to its creator, before it expires.
    mutating func startZipDownload(core: isolated ServerState, _ id: String, userId: String) throws -> ZipDownloadRecord {
        guard var record = self.zipDownloads[id], record.expiresAt > core.currentTime, !record.downloadStarted, userId == record.userId
        else { throw ServerErrorResponse.notFound("zip_download") }
        record.downloadStarted = true
        self.zipDownloads[id] = record
        for item in record.requested where core.items[item] != nil { core.recordEvent("ITEM_DOWNLOAD", by: userId, source: item) }
        return record
    }

    mutating func zipFileDownloaded(core: isolated ServerState, _ id: String) {
        self.zipDownloads[id]?.downloadedFiles += 1
    }

    mutating func finishZipDownload(core: isolated ServerState, _ id: String, succeeded: Bool) {
        self.zipDownloads[id]?.state = succeeded ? "succeeded" : "failed"
    }

    /// A zip download of the principal's, for its status.
    mutating func zipDownload(core: isolated ServerState, _ id: String, principal: Principal) throws -> ZipDownloadRecord {
        guard let record = self.zipDownloads[id], record.userId == principal.userId else { throw ServerErrorResponse.notFound("zip_download") }
        return record
    }
}
