import Dispatch
import Synchronization

/// ``SpecChecks`` on a loaded tree, run later on a thread of their own.
///
/// The model stage lowers types one after another; while it does, one core has less to do
/// (on a large document, the ``ComponentPrepass`` worker, which starts the checks when it
/// runs out of jobs). ``Generator`` loads with the checks deferred and starts them there, so
/// they cost little time of their own; their result decides, as before, whether the
/// document was usable.
final class DeferredChecks: Sendable {
    /// The tree, until the checks have read it: it is released where they ran, so a large
    /// document's tree is freed on the spare core too.
    private let root: Mutex<SpecValue?>
    private let found = Mutex<[Diagnostic]?>(nil)
    private let started = Mutex(false)
    private let finished = DispatchGroup()

    init(root: SpecValue) {
        self.root = Mutex(root)
    }

    /// Starts the checks in the background; later calls do nothing.
    func start() {
        guard begin() else { return }
        DispatchQueue.global().async { [self] in
            run()
            finished.leave()
        }
    }

    /// The checks' diagnostics (pointers into the bundled document), waiting for them, or
    /// running them here when they were not started.
    func results() -> [Diagnostic] {
        if begin() {
            run()
            finished.leave()
        }
        finished.wait()
        return found.withLock { $0 } ?? []
    }

    /// Claims the run: `true` for the first caller, who must `run()` and then leave the group.
    private func begin() -> Bool {
        started.withLock { started in
            guard !started else { return false }
            started = true
            finished.enter()
            return true
        }
    }

    private func run() {
        let checks = SpecChecks()
        if let tree = root.withLock({ $0.take() }) {
            checks.check(tree)
        }
        let diagnostics = checks.diagnostics.diagnostics
        found.withLock { $0 = diagnostics }
    }
}
