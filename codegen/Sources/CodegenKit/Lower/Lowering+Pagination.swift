import Foundation

/// Lowers the `x-pagination` extension of list operations.
///
/// ```yaml
/// get:
///   operationId: getFolderItems
///   x-pagination: marker              # offset | marker | stream-position
///   x-pagination-enable: usemarker    # optional: boolean query parameters set to true
/// ```
///
/// The response must be an object with an `entries` array; the query must have the
/// style's position parameter (`offset`, `marker` or `stream_position`) and the response
/// the matching next position (`total_count`, `next_marker`, `next_stream_position`).
/// A `marker` operation whose query has no `marker` may carry it in its JSON request body
/// instead (a search posted as a document); the sequence then moves the body's `marker`.
extension Lowering {
    func lowerPagination(_ planned: PlannedOperation, query: [ParameterModel], body: RequestBodyModel?,
                         response: ResponseModel) -> PaginationModel? {
        let pointer = planned.pointer
        guard let styleName = extensions.string("x-pagination", at: pointer.description) else { return nil }
        guard let style = PaginationModel.Style(rawValue: styleName) else {
            let known = PaginationModel.Style.allCases.map(\.rawValue).joined(separator: ", ")
            diagnostics.warning(pointer, "x-pagination `\(styleName)` is not one of \(known); no sequence method")
            return nil
        }
        guard case .json(let responseType, _) = response,
              case .structure(let page)? = resolvedDeclaration(responseType) else {
            diagnostics.warning(pointer, "x-pagination needs a JSON object response; no sequence method")
            return nil
        }
        guard let entries = page.properties.first(where: { $0.wireName == "entries" }),
              case .array(let itemType) = entries.type else {
            diagnostics.warning(pointer, "x-pagination needs an `entries` array in the response; no sequence method")
            return nil
        }

        let (positionWire, nextWire): (String, String) = switch style {
        case .offset: ("offset", "total_count")
        case .marker: ("marker", "next_marker")
        case .streamPosition: ("stream_position", "next_stream_position")
        }
        let position: (name: String, type: TypeReference, inBody: Bool)
        if let parameter = query.first(where: { $0.wireName == positionWire }) {
            position = (parameter.name, parameter.type, false)
        } else if style == .marker, let property = bodyProperty(positionWire, of: body) {
            position = (property.name, property.type, true)
        } else {
            diagnostics.warning(pointer, "x-pagination `\(styleName)` needs a `\(positionWire)` query parameter; no sequence method")
            return nil
        }
        guard let next = page.properties.first(where: { $0.wireName == nextWire }) else {
            diagnostics.warning(pointer, "x-pagination `\(styleName)` needs `\(nextWire)` in the response; no sequence method")
            return nil
        }
        let expected: [TypeReference] = style == .offset ? [.int64] : [.string]
        guard expected.contains(position.type), expected.contains(next.type) else {
            let kind = style == .offset ? "integers" : "strings"
            diagnostics.warning(pointer, "x-pagination `\(styleName)` needs `\(positionWire)` and `\(nextWire)` to be \(kind); no sequence method")
            return nil
        }

        var enabling: [String] = []
        let enableNames = extensions.string("x-pagination-enable", at: pointer.description)?
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? []
        for name in enableNames where !name.isEmpty {
            guard let parameter = query.first(where: { $0.wireName == name }), parameter.type == .bool else {
                diagnostics.warning(pointer, "x-pagination-enable names `\(name)`, which is not a boolean query parameter; ignored")
                continue
            }
            enabling.append(parameter.name)
        }
        // Paging by marker or stream position ignores offsets the caller may have set.
        let cleared = style == .offset ? [] : query.filter { $0.wireName == "offset" }.map(\.name)

        return PaginationModel(
            style: style, itemType: itemType, itemsProperty: entries.name, itemsOptional: !entries.isRequired,
            positionParameter: position.name, positionInBody: position.inBody,
            nextProperty: next.name,
            enablingParameters: enabling, clearedParameters: cleared)
    }

    /// The property of a JSON request body struct with this wire name.
    private func bodyProperty(_ wireName: String, of body: RequestBodyModel?) -> PropertyDeclaration? {
        guard case .json(let type, _)? = body?.kind, case .structure(let structure)? = resolvedDeclaration(type) else { return nil }
        return structure.properties.first { $0.wireName == wireName }
    }
}
