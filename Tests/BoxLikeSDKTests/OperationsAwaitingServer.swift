/// Operations the spec describes (so the SDK can call them on Box) that the local server does
/// not serve yet, and so have no SDK test against it. The list only shrinks: an operation that
/// gains a server route and a test must leave it (``SpecOperationCoverageTests`` fails while a
/// listed operation is called by a test), and nothing may be added to it.
enum OperationsAwaitingServer {
    static let operationIds: Set<String> = [
    ]
}
