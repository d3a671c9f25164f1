import Foundation

/// What this area keeps for itself in the state actor.
struct AllowlistState: AreaState {
    var allowlistEntries: [String: AllowlistEntryRecord] = [:]
    var allowlistExemptions: [String: AllowlistExemptionRecord] = [:]
}
