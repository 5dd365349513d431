import NIOCore
import Synchronization

/// The file an upload's regions name, closed only once nothing can still read it.
///
/// A cancelled or failed request can end while NIO still holds regions of the file in its
/// queue of writes; closing the descriptor then would let the kernel give its number to
/// another file, and a queued region would send that file's bytes. So the file is closed
/// when the request is over **and** every region written has been written or failed (or
/// none was ever queued).
final class RegionFile: Sendable {
    private struct State {
        var requestOver = false
        /// Regions were queued and some are not done yet.
        var writing = false
        var closed = false
    }

    let handle: NIOFileHandle
    private let state = Mutex(State())

    /// Takes ownership of `descriptor`.
    init(taking descriptor: Int32) {
        handle = NIOFileHandle(_deprecatedTakingOwnershipOfDescriptor: descriptor)
    }

    /// Regions were queued; `done` completes when the last of them is written or failed.
    func writing(until done: EventLoopFuture<Void>) {
        state.withLock { $0.writing = true }
        done.whenComplete { [self] _ in
            closeIf { state in
                state.writing = false
                return state.requestOver
            }
        }
    }

    /// The request is over (its response read, or its failure known).
    func requestEnded() {
        closeIf { state in
            state.requestOver = true
            return !state.writing
        }
    }

    private func closeIf(_ change: (inout State) -> Bool) {
        let close = state.withLock { state -> Bool in
            guard change(&state), !state.closed else { return false }
            state.closed = true
            return true
        }
        if close { try? handle.close() }
    }
}
