import ExtensionIPC
import Foundation

/// The cost of memory supervision, which reads /proc on the event loop's thread: one
/// process's `statm` (every 50 ms per known member) and the process table scan that finds
/// descendants (every tenth round, once for all children).
struct SupervisionBench {
    /// Reading one process's resident memory.
    func statm() -> InterleavedSampler.Variant {
        let pid = getpid()
        return InterleavedSampler.Variant(name: "statm read (one process)") {
            ResidentMemoryMonitor.residentBytes(of: pid) > 0
        }
    }

    /// One pass over the process table.
    func scan() -> InterleavedSampler.Variant {
        InterleavedSampler.Variant(name: "process table scan") {
            !ProcessTree.childrenByParent().isEmpty
        }
    }
}
