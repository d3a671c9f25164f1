import Foundation

/// What this area keeps for itself in the state actor.
struct ZipDownloadsState: AreaState {
    var zipDownloads: [String: ZipDownloadRecord] = [:]
}
