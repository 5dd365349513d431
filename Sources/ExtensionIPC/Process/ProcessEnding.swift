import CAppexSystem

/// How a child process ended.
public enum ProcessEnding: Hashable, Sendable, CustomStringConvertible {
    /// It called `exit` with this status.
    case exited(code: Int32)
    /// A signal ended it that Appex did not send (a crash, or someone else's kill).
    case signaled(signal: Int32, name: String)
    /// Appex ended it, for this reason, with this signal.
    case killed(reason: KillReason, signal: Int32)

    /// Whether it exited with status 0.
    public var isSuccess: Bool { self == .exited(code: 0) }

    /// `exited with status 1`, `signaled SIGSEGV (11)`, `killed: memory limit exceeded (…)`.
    public var description: String {
        switch self {
        case .exited(let code): "exited with status \(code)"
        case .signaled(let signal, let name): "signaled \(name) (\(signal))"
        case .killed(let reason, _): "killed: \(reason.message)"
        }
    }

    /// `SIGSEGV` for 11, or `signal 99` for a number the system does not name.
    public static func signalName(_ signal: Int32) -> String {
        guard let abbreviation = appex_signal_abbreviation(signal) else { return "signal \(signal)" }
        return "SIG" + String(cString: abbreviation)
    }
}

/// Why Appex ended a child process.
public struct KillReason: Hashable, Sendable, CustomStringConvertible {
    /// What kind of reason this is; extensible.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's stable name, such as `memory-limit-exceeded`.
        public let rawValue: String
        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The code's stable name.
        public var description: String { rawValue }

        /// Its resident memory passed the cap.
        public static let memoryLimitExceeded = Code(rawValue: "memory-limit-exceeded")
        /// Its processes and threads reached the task cap (a fork bomb).
        public static let taskLimitExceeded = Code(rawValue: "task-limit-exceeded")
        /// What it wrote to the disk would have passed the disk limit (``DiskLimit``).
        public static let diskLimitExceeded = Code(rawValue: "disk-limit-exceeded")
        /// It ran longer than the wall-clock limit.
        public static let wallClockLimitExceeded = Code(rawValue: "wall-clock-limit-exceeded")
        /// The host asked for it to end (``ChildProcess/terminate(grace:)``).
        public static let terminated = Code(rawValue: "terminated")
    }

    /// What kind of reason this is.
    public var code: Code
    /// The reason for the host's user, such as `memory limit exceeded (130 MB > 120 MB)`.
    public var message: String

    /// Creates a reason.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
