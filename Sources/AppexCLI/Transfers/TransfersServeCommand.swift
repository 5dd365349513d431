import ArgumentParser
import BackgroundTransfers
import DeviceLayout
import ExtensionRegistry
import Foundation
import Glibc
import TransferService

/// `appex transfers serve`: the service itself.
struct TransfersServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the transfer service on the home's socket (Transfers/run/transfers.sock).",
        discussion: """
            Started on demand by hosts and apps, or by systemd (socket activation: LISTEN_FDS). \
            It exits after 60 s with no client and no transfer (APPEX_TRANSFERS_IDLE_EXIT_S, 0 \
            for never). Its tasks are in Transfers/transfers.sqlite: a restarted service \
            resumes them.
            """)

    @OptionGroup var homeOptions: HomeOptions

    @Option(help: ArgumentHelp("A listening socket already bound to the service's path.", valueName: "fd"))
    var listenFd: Int32?

    func run() async throws {
        let home = homeOptions.appexHome
        var listener = listenFd
        let environment = ProcessInfo.processInfo.environment
        if listener == nil, environment["LISTEN_FDS"] == "1", environment["LISTEN_PID"] == String(getpid()) {
            listener = 3  // systemd's socket activation
        }
        let server = TransferServer(home: home, configuration: .fromEnvironment(),
                                    identifyApplication: { executable in Self.installedApplication(executable, home: home) })
        do throws(TransferServiceError) {
            try await server.run(listener: listener)
        } catch {
            throw CommandFailure.report(error.message)
        }
    }

    /// The installed app whose bundle holds `executable`, with its app groups.
    static func installedApplication(_ executable: String, home: AppexHome) -> TransferCaller? {
        guard let applications = try? ExtensionRegistry(home: home).installedApplications() else { return nil }
        for application in applications where executable.hasPrefix(application.bundleURL.standardizedFileURL.path + "/") {
            let relative = executable.dropFirst(application.bundleURL.standardizedFileURL.path.count + 1)
            // The app's own executable, not one of its extensions' (PlugIns/…).
            guard !relative.contains("/") else { continue }
            return TransferCaller(kind: .application, bundleIdentifier: application.identifier,
                                  applicationIdentifier: application.identifier, appGroups: application.appGroups)
        }
        return nil
    }
}
