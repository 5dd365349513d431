import DeviceLayout
import Foundation
import SystemSupport

/// Where a process finds the transfer service, and how it introduces itself.
///
/// - In an extension, the host sets `APPEX_TRANSFER_SOCKET` (the socket, shown read-only in
///   the sandbox) and `APPEX_TRANSFER_TOKEN` (its launch's grant).
/// - Elsewhere the socket is in the device folder (`APPEX_HOME`), and the service knows the
///   caller by its executable. Such a process starts the service when it is not running,
///   from `APPEX_TRANSFERS_EXECUTABLE`, else the `appex` on `PATH`.
package struct TransferServiceEndpoint: Sendable {
    package var socket: URL
    package var token: String?
    package var starter: TransferServiceStarter?
    /// How long a synchronous call of Apple's API waits for the service's answer (30 s; the
    /// tests, on two cores shared by dozens of runs, give it longer).
    package var answerTimeout: Duration = .seconds(30)

    package init(socket: URL, token: String?, starter: TransferServiceStarter?) {
        self.socket = socket
        self.token = token
        self.starter = starter
    }

    /// `APPEX_TRANSFERS_EXECUTABLE`: the `appex` executable that starts the service.
    package static let executableEnvironmentVariable = "APPEX_TRANSFERS_EXECUTABLE"

    /// The endpoint this process's environment names.
    package static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> TransferServiceEndpoint {
        if let socket = environment[TransferServiceLayout.socketEnvironmentVariable], socket.hasPrefix("/") {
            return TransferServiceEndpoint(socket: URL(fileURLWithPath: socket), token: environment[TransferServiceLayout.tokenEnvironmentVariable],
                                           starter: nil)
        }
        let home = AppexHome.fromEnvironment(environment)
        let executable = environment[executableEnvironmentVariable].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? ExecutableSearch.find("appex", path: environment["PATH"])
        return TransferServiceEndpoint(socket: TransferServiceLayout(home: home).socket,
                                       token: environment[TransferServiceLayout.tokenEnvironmentVariable],
                                       starter: executable.map { TransferServiceStarter(home: home, executable: $0) })
    }

    /// Connects, starting the service first when it does not answer and this endpoint may.
    package func connect() async throws(TransferServiceError) -> TransferConnection {
        do {
            return try await TransferConnection.connect(socket: socket, token: token)
        } catch where error.code == .unavailable && starter != nil {
            // Starting takes a file lock and spawns: blocking work, kept off Swift's shared threads.
            if let starter { try await Offload.perform { () throws(TransferServiceError) in try starter.ensureRunning() } }
            return try await TransferConnection.connect(socket: socket, token: token)
        }
    }
}
