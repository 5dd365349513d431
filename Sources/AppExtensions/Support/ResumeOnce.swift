import Synchronization

/// A continuation resumed by whichever comes first — the answer or a cancellation — and
/// never twice.
final class ResumeOnce<Value: Sendable>: Sendable {
    private let state = Mutex<(continuation: CheckedContinuation<Value, Never>?, value: Value?)>((nil, nil))

    /// Holds the continuation; resumes it at once if the value came first.
    func set(_ continuation: CheckedContinuation<Value, Never>) {
        let early = state.withLock { state -> Value? in
            if let value = state.value { return value }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(returning: early) }
    }

    /// Resumes with `value` unless something already did.
    func resume(returning value: Value) {
        let continuation = state.withLock { state -> CheckedContinuation<Value, Never>? in
            guard state.value == nil else { return nil }
            state.value = value
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(returning: value)
    }
}
