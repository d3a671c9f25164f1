// `JSONValue` lives in the dependency-free `BoxLikeJSON` module, which the Box-style server
// shares; code that imports the runtime (the SDK, generated code) sees it as its own.
@_exported import BoxLikeJSON
