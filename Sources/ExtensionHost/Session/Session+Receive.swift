import ExtensionIPC
import ExtensionWire
import Foundation

extension Session {
    /// The next message, the process's end, a timeout, or a protocol violation.
    func next(within limit: Duration?) -> Next {
        let deadline = limit.map { ContinuousClock.now + $0 }
        while true {
            do {
                let frame = try process.channel.receive(timeout: .milliseconds(100))
                do {
                    return .message(try WireMessage(frame))
                } catch {
                    return .violation("\(installed.identifier) sent a bad message: \(error.message)")
                }
            } catch where error.code == .timedOut {
                if let ending = process.ending { return .ended(ending) }
                if let deadline, ContinuousClock.now >= deadline { return .timedOut }
            } catch where error.code == .closed {
                return .ended(process.wait(timeout: .seconds(2)))
            } catch {
                return .violation("\(installed.identifier) broke the channel: \(error.message)")
            }
        }
    }

    /// The error for a process that ended before `before`.
    func endingError(_ ending: ProcessEnding?, before: String) -> ExtensionHostError {
        let name = installed.identifier
        switch ending {
        case .killed(let reason, _)?:
            let code: ExtensionHostError.Code = switch reason.code {
            case .memoryLimitExceeded: .memoryLimitExceeded
            case .wallClockLimitExceeded: .wallClockLimitExceeded
            default: .protocolViolation
            }
            return ExtensionHostError(code, "\(name) was ended before \(before): \(reason.message)")
        case .signaled(let signal, let signalName)?:
            return ExtensionHostError(.crashed, "\(name) crashed (\(signalName), signal \(signal)) before \(before)")
        case .exited(let code)?:
            return ExtensionHostError(.exitedEarly, "\(name) exited with status \(code) before \(before)")
        case nil:
            return ExtensionHostError(.exitedEarly, "\(name) closed its channel before \(before)")
        }
    }
}
