/// State an API area keeps for itself inside the one state actor, declared in the area's own
/// folder: a value with an empty default, stored by its type. A new area needs no stored
/// property in ``ServerState``.
///
/// ```swift
/// struct FolderLocksState: AreaState { var locks: [String: FolderLockRecord] = [:] }
/// self[area: FolderLocksState.self].locks[lock.id] = lock
/// ```
protocol AreaState: Sendable {
    init()
}

extension ServerState {
    /// An area's state, changed in place (no copy of its collections on a write).
    subscript<State: AreaState>(area type: State.Type) -> State {
        get { (areaStates[ObjectIdentifier(type)] as? State) ?? State() }
        _modify {
            var value = (areaStates.removeValue(forKey: ObjectIdentifier(type)) as? State) ?? State()
            defer { areaStates[ObjectIdentifier(type)] = value }
            yield &value
        }
    }
}
