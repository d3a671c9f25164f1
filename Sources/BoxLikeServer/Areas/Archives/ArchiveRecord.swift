import Foundation

/// An archive: a place outside the folder tree an enterprise keeps content it retires.
struct ArchiveRecord: Sendable {
    var id: String
    var name: String
    var description: String?
    var ownerId: String
    var storagePolicyId: String?
    var createdAt: Date
}

/// The enterprise's archives by id, in the order they were made.
struct ArchivesState: AreaState {
    var archives: [String: ArchiveRecord] = [:]
    var order: [String] = []
}
