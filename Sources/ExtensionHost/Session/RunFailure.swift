/// How a run that ended before the extension answered is reported — the same for a widget's
/// update and a photo edit: it crashed, ran out of time, went over its memory cap, or failed
/// otherwise (by the error's code).
public enum RunFailure: Hashable, Sendable {
    /// The process died of a signal or a trap.
    case crashed
    /// The extension did not answer in time (or never said hello).
    case timedOut
    /// The extension went over its memory cap.
    case overMemory
    /// Any other failure of the run (a protocol violation, a launch failure, a bundle
    /// changed after install…), by its code.
    case error(ExtensionHostError.Code)

    /// How a run that ended with `error` is reported.
    public init(_ error: ExtensionHostError) {
        switch error.code {
        case .crashed: self = .crashed
        case .memoryLimitExceeded: self = .overMemory
        case .updateTimedOut, .editTimedOut, .startTimedOut, .wallClockLimitExceeded: self = .timedOut
        default: self = .error(error.code)
        }
    }

    /// The name `--json` prints: `crashed`, `timed-out`, `over-memory`, or the error's code.
    public var name: String {
        switch self {
        case .crashed: "crashed"
        case .timedOut: "timed-out"
        case .overMemory: "over-memory"
        case .error(let code): code.rawValue
        }
    }
}
