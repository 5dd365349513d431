import CAppexSystem
import ExtensionIPC
import Glibc
import Synchronization

/// The connections a listening socket accepts, as they come: the listener is registered
/// with the process's event loop and drained (accept4 until EAGAIN) on each readiness.
final class AcceptedConnections: Sendable {
    let stream: AsyncStream<OwnedFileDescriptor>
    private let sink: AsyncStream<OwnedFileDescriptor>.Continuation
    private let registration = Mutex<EventLoop.Registration?>(nil)
    private let loop: EventLoop?

    init(listener: Int32) {
        (stream, sink) = AsyncStream.makeStream(of: OwnedFileDescriptor.self)
        loop = try? EventLoop.shared()
        guard let loop else { sink.finish(); return }
        let registered = try? loop.register(listener, interest: .read) { [sink] _ in
            while true {
                var fd: Int32 = -1
                let result = appex_unix_accept(listener, &fd)
                if result == 0 {
                    sink.yield(OwnedFileDescriptor(taking: fd))
                    continue
                }
                // EAGAIN: drained. ECONNABORTED and friends: that one client is gone.
                if result == EAGAIN || result == EWOULDBLOCK { return }
                if result == EMFILE || result == ENFILE { return }
            }
        }
        registration.withLock { $0 = registered }
        if registered == nil { sink.finish() }
    }

    /// Stops accepting; the stream ends.
    func stop() {
        if let registration = registration.withLock({ $0.take() }) { loop?.deregister(registration) }
        sink.finish()
    }
}
