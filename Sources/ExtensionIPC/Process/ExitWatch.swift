import CAppexSystem
import Glibc
import Synchronization

/// Waits for a set of processes that are not the host's children to end, through their
/// pidfds on the event loop.
///
/// ```swift
/// let watch = ExitWatch(ProcessTree.members(of: browser), loop: loop)
/// kill(browser, SIGTERM)
/// await watch.wait(within: .seconds(10))   // the browser and every process it started
/// ```
package final class ExitWatch: Sendable {
    private struct State: Sendable {
        var remaining: Set<Int> = []
        var registrations: [EventLoop.Registration] = []
        var waiter: CheckedContinuation<Void, Never>?
        var finished = false
    }

    private let loop: EventLoop
    private let state = Mutex(State())
    private let descriptors: [OwnedFileDescriptor]

    /// Opens a pidfd for each of `pids` now (before they are signalled: a pidfd refers to
    /// the process, not to a number that could be reused).
    package init(_ pids: [Int32], loop: EventLoop) {
        self.loop = loop
        var descriptors: [OwnedFileDescriptor] = []
        for pid in pids {
            var fd: Int32 = -1
            if appex_pidfd_open(pid, &fd) == 0 { descriptors.append(OwnedFileDescriptor(taking: fd)) }
        }
        self.descriptors = descriptors
    }

    /// Returns when every watched process has ended, or after `limit`.
    package func wait(within limit: Duration) async {
        guard !descriptors.isEmpty else { return }
        await withCheckedContinuation { continuation in
            state.withLock { state in
                state.waiter = continuation
                state.remaining = Set(descriptors.indices)
            }
            for (index, descriptor) in descriptors.enumerated() {
                guard let fd = descriptor.rawValue,
                      let registration = try? loop.register(fd, interest: .read, handler: { [self] _ in ended(index, descriptor: fd) }) else {
                    ended(index, descriptor: nil)
                    continue
                }
                let late = state.withLock { state -> Bool in
                    if state.finished || !state.remaining.contains(index) { return true }
                    state.registrations.append(registration)
                    return false
                }
                if late { loop.deregister(registration) }
            }
            loop.schedule(after: limit) { [self] in finish() }
        }
    }

    private func ended(_ index: Int, descriptor: Int32?) {
        let (done, registration) = state.withLock { state -> (Bool, EventLoop.Registration?) in
            state.remaining.remove(index)
            // A pidfd stays readable once its process ended: stop watching it now.
            let position = state.registrations.firstIndex { $0.descriptor == descriptor }
            return (state.remaining.isEmpty, position.map { state.registrations.remove(at: $0) })
        }
        if let registration { loop.deregister(registration) }
        if done { finish() }
    }

    private func finish() {
        let (waiter, registrations) = state.withLock { state -> (CheckedContinuation<Void, Never>?, [EventLoop.Registration]) in
            guard !state.finished else { return (nil, []) }
            state.finished = true
            defer { state.waiter = nil; state.registrations = [] }
            return (state.waiter, state.registrations)
        }
        registrations.forEach { loop.deregister($0) }
        waiter?.resume()
    }
}
