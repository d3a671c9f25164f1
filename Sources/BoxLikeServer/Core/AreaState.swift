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
    ///
    /// While an area's state is being changed (inside ``withArea(_:_:)``) it is out of the
    /// table; reaching it again from the core in that time would see an empty state, so debug
    /// builds stop there.
    subscript<State: AreaState>(area type: State.Type) -> State {
        get {
            assert(!areasInUse.contains(ObjectIdentifier(type)), "\(type) reached again while it is being changed")
            return (areaStates[ObjectIdentifier(type)] as? State) ?? State()
        }
        _modify {
            let key = ObjectIdentifier(type)
            assert(!areasInUse.contains(key), "\(type) reached again while it is being changed")
            var value = (areaStates.removeValue(forKey: key) as? State) ?? State()
            areasInUse.insert(key)
            defer {
                areasInUse.remove(key)
                areaStates[key] = value
            }
            yield &value
        }
    }
}

extension ServerState {
    /// Runs `body` on the state actor with the area's own state, changed in place, and the
    /// core (the item tree, users, collaborations, events, clock and policy) beside it. Area
    /// logic lives on the area's state type and reaches shared state only through `core`.
    ///
    /// ```swift
    /// let archive = try await state.withArea(ArchivesState.self) { try $0.createArchive(name: name, core: $1) }
    /// ```
    func withArea<Area: AreaState, Result: Sendable>(
        _ area: Area.Type, _ body: @Sendable (inout Area, isolated ServerState) throws -> Result
    ) rethrows -> Result {
        try body(&self[area: area], self)
    }
}
