import BoxLikeRuntime

extension EventsNextStreamPositionField: CustomStringConvertible {
    /// The position as `GetEventsQueryParams(streamPosition:)` takes it: a number in decimal,
    /// a string as it is. Box sends a number for the user event streams and a string for the
    /// admin logs.
    public var streamPosition: String {
        switch self {
        case .string(let text): text
        case .int64(let number): String(number)
        }
    }

    /// The position, as ``streamPosition`` spells it.
    public var description: String { streamPosition }
}
