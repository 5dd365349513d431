import Foundation
import Synchronization
import AppExtensions

/// Collects values reported from any thread.
final class Recorder<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])
    func record(_ value: Value) { values.withLock { $0.append(value) } }
    var all: [Value] { values.withLock { $0 } }
}

/// A one-shot event that async code can wait for.
final class Signal: Sendable {
    private let state = Mutex<(fired: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func fire() {
        let waiters = state.withLock { s -> [CheckedContinuation<Void, Never>] in
            s.fired = true
            defer { s.waiters = [] }
            return s.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { s -> Bool in
                if s.fired { return true }
                s.waiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }
}

/// A temporary folder deleted by `remove()`.
struct TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("appex-items-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String, _ contents: Data) throws -> URL {
        let file = url.appendingPathComponent(name)
        try contents.write(to: file)
        return file
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// The error a load failed with, as an `ItemProviderError`.
func loadError(_ body: () async throws -> Void) async -> ItemProviderError? {
    do {
        try await body()
        return nil
    } catch {
        return error as? ItemProviderError
    }
}

/// A URL from a literal the tests know is valid; an invalid one becomes a file URL that
/// fails the comparisons it is used in, rather than crashing.
func link(_ text: String) -> URL {
    URL(string: text) ?? URL(fileURLWithPath: "/invalid-test-url/\(text)")
}
