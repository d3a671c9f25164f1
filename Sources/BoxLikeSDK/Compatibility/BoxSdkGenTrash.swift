/// Box's Swift SDK's name for a web link in the trash, as
/// ``TrashedWebLinksManager/getTrashedWebLinkById(webLinkId:queryParams:headers:)`` returns it:
/// a ``WebLink`` here, with `trashedAt` and `purgedAt` set.
public typealias TrashWebLink = WebLink

/// Box's Swift SDK's name for a web link just restored from the trash, as
/// ``TrashedWebLinksManager/restoreWeblinkFromTrash(webLinkId:requestBody:queryParams:headers:)``
/// returns it: a ``WebLink`` here.
public typealias TrashWebLinkRestored = WebLink
