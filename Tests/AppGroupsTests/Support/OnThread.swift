import Foundation

/// Runs blocking work (waiting for worker processes, sleeping until a kill) on a thread of
/// its own and returns its result.
///
/// Swift Testing runs tests on the few threads Swift concurrency and Dispatch share (two
/// on a 2-core machine); a test that blocks one for half a minute starves every other
/// test's tasks and queues, whose own timeouts then fire.
func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
