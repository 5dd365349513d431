#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// A thread of its own for a blocking body, such as a GLib main loop.
enum LoopThread {
    /// Runs `body` on a new thread named `name`, and returns or throws what it did once the
    /// thread has ended.
    ///
    /// The thread is joined after it has resumed the caller, as its last step, so the join
    /// blocks only for the moment the thread takes to exit.
    static func run(name: String, _ body: @escaping @Sendable () throws -> Void) async throws {
        var thread = pthread_t()
        do {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let start = Start(name: name, body: body, continuation: continuation)
                let context = Unmanaged.passRetained(start).toOpaque()
                let status = pthread_create(&thread, nil, { context in
                    guard let context else { return nil }
                    Unmanaged<Start>.fromOpaque(context).takeRetainedValue().run()
                    return nil
                }, context)
                if status != 0 {
                    Unmanaged<Start>.fromOpaque(context).release()
                    continuation.resume(throwing: POSIXError(POSIXErrorCode(rawValue: status) ?? .EAGAIN))
                    thread = pthread_t()
                }
            }
        } catch {
            if thread != pthread_t() { pthread_join(thread, nil) }
            throw error
        }
        pthread_join(thread, nil)
    }

    /// What the new thread runs.
    private final class Start: Sendable {
        let name: String
        let body: @Sendable () throws -> Void
        let continuation: CheckedContinuation<Void, any Error>

        init(name: String, body: @escaping @Sendable () throws -> Void,
             continuation: CheckedContinuation<Void, any Error>) {
            self.name = name
            self.body = body
            self.continuation = continuation
        }

        func run() {
            Thread.current.name = String(name.prefix(15))  // also the kernel's name of the thread
            continuation.resume(with: Result { try body() })
        }
    }
}
