import ArgumentParser
import BackgroundTransfers
import DeviceLayout
import Foundation
import SystemSupport

/// The home and the connection the `transfers` subcommands share: `appex` itself talks to
/// the service (which knows it by its executable and lets it see every task), starting the
/// service when it is not running.
struct TransfersTarget: ParsableArguments {
    @OptionGroup var homeOptions: HomeOptions

    func connect() async throws -> TransferConnection {
        let home = homeOptions.appexHome
        let executable = ExecutableSearch.running ?? CommandLine.arguments[0]
        let endpoint = TransferServiceEndpoint(socket: TransferServiceLayout(home: home).socket, token: nil,
                                               starter: TransferServiceStarter(home: home, executable: executable))
        do {
            return try await endpoint.connect()
        } catch {
            throw CommandFailure.report(error.message)
        }
    }

    /// The transfer `id`, or the command's error naming it and the home.
    func task(_ id: Int64, on connection: TransferConnection) async throws -> TransferTaskSnapshot {
        guard case .tasks(let tasks) = try await call(connection, .list(application: nil)),
              let task = tasks.first(where: { $0.id == id }) else {
            throw CommandFailure.report("no transfer \(id) in \(homeOptions.appexHome.root.path) (see appex transfers list)")
        }
        return task
    }

    /// Calls the service, turning a refusal into the command's error.
    func call(_ connection: TransferConnection, _ request: TransferRequest) async throws -> TransferReply {
        do {
            return try await connection.call(request)
        } catch {
            throw CommandFailure.report(error.message)
        }
    }
}
