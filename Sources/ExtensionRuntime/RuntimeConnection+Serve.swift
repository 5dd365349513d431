import AppExtensions
import ExtensionIPC
import ExtensionWire
import Foundation

extension RuntimeConnection {
    /// Reads the host's messages until the request is over or the host goes away; returns
    /// the process's exit code.
    func serve() -> Int32 {
        while true {
            if let code = state.withLock({ $0.finished }) { return code }
            let frame: Frame
            do {
                frame = try channel.receive(timeout: .milliseconds(200))
            } catch where error.code == .timedOut {
                continue
            } catch {
                // The host closed the channel (it ended the request, or died).
                return state.withLock { $0.finished } ?? 0
            }
            do {
                try handle(try WireMessage(frame))
            } catch {
                FileHandle.standardError.write(Data("appex extension runtime: \(error)\n".utf8))
                return 71
            }
        }
    }

    private func handle(_ message: WireMessage) throws {
        switch message {
        case .loadReply(let reply, let descriptors):
            let waiting = state.withLock { $0.loads.removeValue(forKey: reply.loadID) }
            guard let waiting else {
                descriptors.forEach { $0.close() }
                throw RuntimeError(.protocolFailure, "a load-reply for load \(reply.loadID), which nobody asked for")
            }
            waiting(reply, descriptors)
        case .openURLReply(let reply):
            let waiting = state.withLock { $0.opens.removeValue(forKey: reply.requestID) }
            waiting?(reply.opened)
        case .completeAcknowledgement(let ack):
            let acknowledge = state.withLock { $0.acknowledge }
            acknowledge?(ack.expired)
            state.withLock { $0.finished = 0 }
        case .hostState(let change):
            if let hostState = ExtensionContext.HostState(rawValue: change.state) {
                context.withLock { $0 }?.hostStateDidChange(hostState)
            }
        default:
            throw RuntimeError(.protocolFailure, "the host sent \(message.name), which only an extension sends")
        }
    }
}
