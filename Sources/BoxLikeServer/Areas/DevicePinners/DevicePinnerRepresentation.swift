import BoxLikeJSON

/// The JSON of device pinners, outside the state actor.
enum DevicePinnerRepresentation {
    static func pinner(_ pinner: DevicePinnerRecord, users: UserMinis) -> JSONValue {
        ["type": "device_pinner", "id": .string(pinner.id), "owned_by": users[pinner.userId], "product_name": .string(pinner.productName)]
    }

    /// Box pages device pinners with an integer marker: the id after which the next page starts.
    static func page(_ pinners: [DevicePinnerRecord], users: UserMinis, query: [String: String]) throws -> JSONValue {
        let limit = min(max(Int(query["limit"] ?? "") ?? 100, 1), 1000)
        let descending = query["direction"]?.uppercased() == "DESC"
        if let direction = query["direction"], !["ASC", "DESC"].contains(direction.uppercased()) {
            throw ServerErrorResponse.badRequest("direction must be ASC or DESC")
        }
        var ordered = pinners.sorted { (Int($0.id) ?? 0) < (Int($1.id) ?? 0) }
        if descending { ordered.reverse() }
        if let marker = query["marker"], !marker.isEmpty {
            guard let after = Int(marker) else { throw ServerErrorResponse.badRequest("Invalid marker", code: "invalid_marker") }
            ordered = ordered.filter { descending ? (Int($0.id) ?? 0) < after : (Int($0.id) ?? 0) > after }
        }
        let page = Array(ordered.prefix(limit))
        var next = JSONValue.null
        if ordered.count > limit, let last = page.last, let lastId = Int(last.id) { next = .int(lastId) }
        return [
            "entries": .array(page.map { pinner($0, users: users) }), "limit": .int(limit), "next_marker": next,
            "order": [["by": "id", "direction": .string(descending ? "DESC" : "ASC")]],
        ]
    }
}
