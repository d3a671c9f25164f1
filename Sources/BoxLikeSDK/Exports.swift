// Users import one module: the runtime's public types (requests, streams, errors) come
// along with the SDK.
@_exported import BoxLikeRuntime
