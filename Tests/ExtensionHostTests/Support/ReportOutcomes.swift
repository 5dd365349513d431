import ExtensionHost
import ExtensionIPC

/// The parts of a run report a test asks for, as optionals for `#require`.
extension ExtensionRunReport {
    /// The failure, when the run failed.
    var failure: ExtensionHostError? {
        if case .failed(let error) = outcome { return error }
        return nil
    }

    /// Why and with which signal the host killed the extension, when it did.
    var kill: (reason: KillReason, signal: Int32)? {
        if case .killed(let reason, let signal)? = ending { return (reason, signal) }
        return nil
    }
}
