import Foundation

/// Runs blocking work (waiting for a child, reading its reply) on a thread of its own.
///
/// Swift Testing runs tests on the few threads Swift concurrency and Dispatch share (two
/// on a 2-core machine): a test that blocks them starves every other test's tasks, whose
/// own timeouts then fire. The expectations stay in the test, on its task.
func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
