import BoxLikeRuntime

/// Box's Swift SDK's name for `Nullable` (from `BoxLikeRuntime`): a request field that can be sent as a value
/// (`.value(x)`) or as JSON `null` (`.null`), for instance to remove a shared link with
/// `sharedLink: .null`. Leaving the argument out (`nil`) sends nothing, where Box's SDK has a
/// third case, `.unset`.
public typealias TriStateField<Wrapped> = Nullable<Wrapped>
