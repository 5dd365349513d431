import BackgroundTransfers
import DeviceLayout
import Foundation

extension DoctorReport {
    /// The transfer service of this home, as `doctor` finds it without starting it.
    struct TransferService: Encodable {
        /// Whether a service answers on the home's socket.
        var running: Bool
        /// Its process, as `serve.lock` names it.
        var pid: Int32?
        /// What it says is wrong with it (ongoing, and ended since it started).
        var conditions: [TransferServiceCondition]
        var detail: String

        /// Whether a condition holds now.
        var troubled: Bool { conditions.contains(where: \.ongoing) }
    }

    /// Asks the running service of `home` for its conditions; a service that is not running
    /// is not started (it starts on demand) and is no problem.
    static func transferService(home: AppexHome) async -> TransferService {
        let layout = TransferServiceLayout(home: home)
        let connection: TransferConnection
        do {
            connection = try await TransferServiceEndpoint(socket: layout.socket, token: nil, starter: nil).connect()
        } catch {
            return TransferService(running: false, pid: nil, conditions: [],
                                   detail: "not running: it starts when a transfer or `appex transfers` needs it")
        }
        defer { connection.close() }
        let pid = layout.servicePID()
        let running = "running\(pid.map { " (pid \($0))" } ?? "")"
        do {
            guard case .conditions(let conditions) = try await connection.call(.conditions) else {
                return TransferService(running: true, pid: pid, conditions: [], detail: "\(running), but it did not say its conditions")
            }
            let ongoing = conditions.filter(\.ongoing)
            let detail = ongoing.isEmpty
                ? "\(running)" + (conditions.isEmpty ? ", nothing wrong" : "; \(conditions.count) condition(s) since it started, all ended")
                : "\(running): " + ongoing.map { "\($0.code): \($0.message)" }.joined(separator: "; ")
            return TransferService(running: true, pid: pid, conditions: conditions, detail: detail)
        } catch {
            return TransferService(running: true, pid: pid, conditions: [], detail: "\(running), but asking it failed: \(error.message)")
        }
    }
}
