import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The memory this process holds, for the soak's "memory returns to where it started".
public enum ProcessMemory {
    /// The resident set size in bytes, after the C allocator has handed the pages it keeps
    /// free back to the system (glibc's `malloc_trim`, looked up at run time), so the figure
    /// is what the process uses rather than what the allocator caches. `nil` where
    /// `/proc/self/statm` does not exist.
    public static func residentBytes() -> Int? {
        #if os(Linux)
        trimHeap()
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * sysconf(Int32(_SC_PAGESIZE))
        #else
        return nil
        #endif
    }

    #if os(Linux)
    private typealias MallocTrim = @convention(c) (Int) -> Int32

    private static func trimHeap() {
        // RTLD_DEFAULT is the null handle on glibc.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
    }
    #endif
}
