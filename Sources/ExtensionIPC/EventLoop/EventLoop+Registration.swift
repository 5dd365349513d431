import CAppexSystem
import Glibc
import Synchronization

extension EventLoop {
    /// Watches `descriptor` for `interest`; `handler` runs on the loop's thread with the
    /// epoll events each time it is ready (level-triggered) until ``deregister(_:)``.
    package func register(_ descriptor: Int32, interest: Interest,
                          handler: @escaping @Sendable (UInt32) -> Void) throws(ChannelError) -> Registration {
        let token = state.withLock { state -> UInt64 in
            defer { state.nextToken += 1 }
            state.handlers[state.nextToken] = handler
            return state.nextToken
        }
        let result = appex_epoll_control(epoll, APPEX_EPOLL_ADD, descriptor, interest.rawValue, token)
        if result != 0 {
            _ = state.withLock { $0.handlers.removeValue(forKey: token) }
            throw ChannelError.system("epoll_ctl(ADD, descriptor \(descriptor))", result)
        }
        return Registration(token: token, descriptor: descriptor, file: FileIdentity.of(descriptor))
    }

    /// Changes what a registered descriptor waits for.
    ///
    /// epoll reports a hang-up or an error whatever the interest, and keeps reporting it
    /// (level-triggered): a descriptor with nothing left to wait for must be taken out of
    /// the set, not given an empty interest, or the loop would spin. So an empty interest
    /// removes the descriptor from epoll (its handler stays), and a later non-empty one adds
    /// it back. `armed` says whether it is in the set now; pass the value this returns next time.
    package func modify(_ registration: Registration, interest: Interest, armed: Bool) -> Bool {
        switch (interest.isEmpty, armed) {
        case (true, true):
            _ = appex_epoll_control(epoll, APPEX_EPOLL_REMOVE, registration.descriptor, 0, registration.token)
            return false
        case (true, false):
            return false
        case (false, true):
            _ = appex_epoll_control(epoll, APPEX_EPOLL_MODIFY, registration.descriptor, interest.rawValue, registration.token)
            return true
        case (false, false):
            return appex_epoll_control(epoll, APPEX_EPOLL_ADD, registration.descriptor, interest.rawValue, registration.token) == 0
        }
    }

    /// Stops watching; call it before closing the descriptor. The handler may still run
    /// once if its event was already being delivered, so handlers check their own state.
    ///
    /// epoll removes by descriptor number. Should the descriptor have been closed already
    /// and its number reused, removing by number would take another watcher's descriptor
    /// out of the set, and that watcher would wait forever. So the number is removed only
    /// while it still refers to the file it was registered with; a closed file's entry
    /// went when its last descriptor closed, and its handler goes here. (Anonymous files,
    /// such as pidfds before Linux 6.9, share one inode: for them the check tells only
    /// their kind apart.)
    package func deregister(_ registration: Registration) {
        if let file = registration.file, FileIdentity.of(registration.descriptor) == file {
            _ = appex_epoll_control(epoll, APPEX_EPOLL_REMOVE, registration.descriptor, 0, registration.token)
        }
        _ = state.withLock { $0.handlers.removeValue(forKey: registration.token) }
    }
}

extension EventLoop {
    /// Suspends until `descriptor` is readable (or hung up); returns at once when epoll
    /// cannot watch it (a regular file is always readable) or the task is cancelled.
    package func waitUntilReadable(_ descriptor: Int32) async {
        let once = Mutex<(continuation: CheckedContinuation<Void, Never>?, fired: Bool)>((nil, false))
        let holder = Mutex<Registration?>(nil)
        let fire: @Sendable () -> Void = { [self] in
            let continuation = once.withLock { state -> CheckedContinuation<Void, Never>? in
                guard !state.fired else { return nil }
                state.fired = true
                defer { state.continuation = nil }
                return state.continuation
            }
            if let registration = holder.withLock({ $0.take() }) { deregister(registration) }
            continuation?.resume()
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let fired = once.withLock { state -> Bool in
                    state.continuation = continuation
                    return state.fired
                }
                if fired { return continuation.resume() }
                do {
                    let registration = try register(descriptor, interest: .read) { _ in fire() }
                    holder.withLock { $0 = registration }
                    if once.withLock({ $0.fired }), let late = holder.withLock({ $0.take() }) { deregister(late) }
                } catch {
                    fire()
                }
            }
        } onCancel: {
            fire()
        }
    }
}
