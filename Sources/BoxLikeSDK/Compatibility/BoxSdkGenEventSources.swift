import BoxLikeRuntime

/// Box's Swift SDK's name for the type of ``Event/source``: what an event happened to.
///
/// Box's SDK lists more kinds (an admin-log item source, an app item, any other object); here a
/// source of a kind not listed decodes as ``EventSource/unknown(_:)`` with its JSON kept.
public typealias EventSourceResource = EventSource

/// Box's Swift SDK's name for an event source of any other kind: its JSON object, by member.
public typealias GenericSource = [String: JSONValue]
