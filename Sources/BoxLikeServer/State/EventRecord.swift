import Foundation

/// An entry in the event stream.
struct EventRecord: Sendable {
    var id: String
    var position: Int
    var eventType: String
    var createdBy: String
    var createdAt: Date
    var source: ItemRef?
    var visibleTo: Set<String>
}
