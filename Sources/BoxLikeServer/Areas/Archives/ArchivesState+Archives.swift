import Foundation

/// Archives (Box API 2025.0): only enterprise admins make, list, rename and delete them; names
/// are unique in the enterprise (ignoring case), 1 to 100 characters, descriptions at most 255.
extension ArchivesState {
    private mutating func requireArchiveAdmin(core: isolated ServerState, _ principal: Principal) throws {
        guard core.isEnterpriseAdmin(principal) else {
            throw ServerErrorResponse.forbidden("Only enterprise admins may manage archives.")
        }
    }

    private mutating func checkArchive(core: isolated ServerState, name: String, description: String?, except id: String?) throws {
        guard (1...100).contains(name.count) else { throw ServerErrorResponse.badRequest("name must be 1 to 100 characters") }
        if let description, description.count > 255 {
            throw ServerErrorResponse.badRequest("description must be at most 255 characters")
        }
        let taken = self.archives.values.contains { $0.id != id && $0.name.lowercased() == name.lowercased() }
        if taken {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "An archive named '\(name)' already exists")
        }
    }

    mutating func createArchive(core: isolated ServerState, name: String, description: String?, storagePolicyId: String?, principal: Principal) throws -> ArchiveRecord {
        try requireArchiveAdmin(core: core, principal)
        try checkArchive(core: core, name: name, description: description, except: nil)
        let archive = ArchiveRecord(id: core.newId(), name: name, description: description, ownerId: principal.userId,
                                    storagePolicyId: storagePolicyId, createdAt: core.currentTime)
        self.archives[archive.id] = archive
        self.order.append(archive.id)
        return archive
    }

    mutating func archives(core: isolated ServerState, principal: Principal) throws -> [ArchiveRecord] {
        try requireArchiveAdmin(core: core, principal)
        let state = self
        return state.order.compactMap { state.archives[$0] }
    }

    /// Changes the name or description given; the others stay.
    mutating func updateArchive(core: isolated ServerState, id: String, name: String?, description: String?, principal: Principal) throws -> ArchiveRecord {
        try requireArchiveAdmin(core: core, principal)
        guard var archive = self.archives[id] else { throw ServerErrorResponse.notFound("archive") }
        try checkArchive(core: core, name: name ?? archive.name, description: description, except: id)
        if let name { archive.name = name }
        if let description { archive.description = description }
        self.archives[id] = archive
        return archive
    }

    /// Box documents deleting an archive as currently unavailable: an archive that exists is
    /// refused with `403` and stays (an unknown id is still `404`).
    mutating func deleteArchive(core: isolated ServerState, id: String, principal: Principal) throws {
        try requireArchiveAdmin(core: core, principal)
        guard self.archives[id] != nil else { throw ServerErrorResponse.notFound("archive") }
        throw ServerErrorResponse.forbidden("Deleting an archive is currently unavailable; contact Box support to delete one.")
    }
}
