extension ServerState {
    /// Copies any kind of item into a folder, a folder with everything in it; the copy has
    /// `name` or the source's name and, for a file, the content of `versionId` or of the
    /// current version. Every check comes first, so a copy that fails creates nothing.
    func copyItem(_ ref: ItemRef, toParent parentApiId: String, name: String?, versionId: String? = nil, principal: Principal) throws -> ItemRecord {
        var source = try item(ref, for: principal, to: .copy)
        if let versionId {
            guard let version = source.file?.version(versionId)?.record, !version.isTrashed else {
                throw ServerErrorResponse.notFound("file_version")
            }
            source.modifyFile { $0.currentVersion = version }
        }
        if source.isRoot { throw ServerErrorResponse.badRequest("The root folder cannot be copied") }
        let parent = try folder(parentApiId, for: principal, to: .upload)
        if source.type == .folder && isWithin(parent.ref, folder: source.id) {
            throw ServerErrorResponse.badRequest("Cannot copy a folder into itself")
        }
        let newName = name ?? source.name
        try validateName(newName)
        try ensureNameFree(newName, in: parent.id)
        try checkInformationBarrier(copying: ref, into: parent.ref, by: principal.userId)
        return duplicate(source, into: parent.id, name: newName, actor: principal.userId)
    }

    /// Makes the copy without checks: a new item with the source's description, tags and
    /// current content (shared by reference, so a copy costs no bytes), then its children.
    private func duplicate(_ source: ItemRecord, into parentId: String, name: String, actor: String) -> ItemRecord {
        var copy: ItemRecord
        switch source.payload {
        case .folder:
            copy = makeFolder(name: name, parentId: parentId, actor: actor, event: "ITEM_COPY")
        case .file(let file):
            copy = makeFile(
                name: name, parentId: parentId, actor: actor, content: file.currentVersion.content,
                contentCreatedAt: file.contentCreatedAt, contentModifiedAt: file.contentModifiedAt, event: "ITEM_COPY")
        case .webLink(let link):
            copy = makeWebLink(url: link.url, name: name, description: source.description, parentId: parentId, actor: actor,
                               event: "ITEM_COPY")
        }
        copy.description = source.description
        copy.tags = source.tags
        items[copy.ref] = copy
        if source.type == .folder {
            for child in children(of: source.id) { _ = duplicate(child, into: copy.id, name: child.name, actor: actor) }
        }
        return copy
    }
}
