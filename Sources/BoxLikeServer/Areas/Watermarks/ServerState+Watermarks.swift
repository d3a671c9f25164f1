import BoxLikeJSON
import Foundation

/// Watermarks on files and folders (a folder's covers everything in it) and folder locks.
extension ServerState {
    /// Whether the item or a folder above it is watermarked.
    func isWatermarked(_ ref: ItemRef) -> Bool {
        lineage(of: ref).contains { items[$0]?.watermark != nil }
    }

    func watermark(of ref: ItemRef, principal: Principal) throws -> WatermarkRecord {
        guard let watermark = try item(ref, for: principal).watermark else {
            throw ServerErrorResponse(.notFound, code: "not_found", message: "The item has no watermark")
        }
        return watermark
    }

    /// Applies the watermark; returns it and whether it is new.
    func applyWatermark(to ref: ItemRef, principal: Principal) throws -> (WatermarkRecord, created: Bool) {
        var item = try item(ref, for: principal, to: .applyWatermark)
        let now = currentTime
        if var existing = item.watermark {
            existing.modifiedAt = now
            item.watermark = existing
            items[ref] = item
            return (existing, false)
        }
        let watermark = WatermarkRecord(createdAt: now, modifiedAt: now)
        item.watermark = watermark
        items[ref] = item
        recordEvent("WATERMARK_LABEL_CREATE", by: principal.userId, source: ref)
        return (watermark, true)
    }

    func removeWatermark(from ref: ItemRef, principal: Principal) throws {
        var item = try item(ref, for: principal, to: .applyWatermark)
        guard item.watermark != nil else { throw ServerErrorResponse(.notFound, code: "not_found", message: "The item has no watermark") }
        item.watermark = nil
        items[ref] = item
        recordEvent("WATERMARK_LABEL_DELETE", by: principal.userId, source: ref)
    }

}
