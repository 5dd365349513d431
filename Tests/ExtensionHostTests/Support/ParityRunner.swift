import HostTestSupport
import Testing

/// Where a parity test body runs: in this process, or in a child process in every sandbox
/// mode this machine has.
enum ParityRunner: Hashable, Sendable, CustomTestStringConvertible {
    case inProcess
    case childProcess(sandbox: SandboxMode)

    /// In process, then a child process per sandbox mode.
    static let all: [ParityRunner] = [.inProcess] + hostSandboxModes.map { .childProcess(sandbox: $0) }

    var testDescription: String {
        switch self {
        case .inProcess: "in-process"
        case .childProcess(let sandbox): "child process (\(sandbox.testDescription))"
        }
    }
}
