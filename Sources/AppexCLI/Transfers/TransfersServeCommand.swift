import ArgumentParser
import BackgroundTransfers
import DeviceLayout
import Foundation
import Glibc
import SystemSupport
import TransferService

/// `appex transfers serve`: the service itself.
///
/// When `appex-transfersd` lies beside this executable, the command replaces itself with it
/// (`execv`: the same process, so the starter's pidfd and systemd's `LISTEN_PID` still
/// hold), and the service runs without the rest of the command line mapped in. Otherwise it
/// serves in this process.
struct TransfersServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the transfer service on the home's socket (Transfers/run/transfers.sock).",
        discussion: """
            Started on demand by hosts and apps, or by systemd (socket activation: LISTEN_FDS). \
            It exits after 60 s with no client and no transfer (APPEX_TRANSFERS_IDLE_EXIT_S, 0 \
            for never). Its tasks are in Transfers/transfers.sqlite: a restarted service \
            resumes them. The service runs as appex-transfersd when that program is beside \
            appex.
            """)

    @OptionGroup var homeOptions: HomeOptions

    @Option(help: ArgumentHelp("A listening socket already bound to the service's path.", valueName: "fd"))
    var listenFd: Int32?

    func run() async throws {
        let home = homeOptions.appexHome
        let listener = listenFd ?? TransferServer.activatedListener()
        if let own = ExecutableSearch.running, let daemon = Self.daemon(beside: own) {
            // This appex stays the command line the service answers as an administrator.
            var arguments = [daemon, "--home", home.root.standardizedFileURL.path, "--administrator", own]
            if let listener { arguments += ["--listen-fd", String(listener)] }
            let cArguments = arguments.map { strdup($0) } + [nil]
            execv(daemon, cArguments)
            let reason = SystemErrorText.text(errno)
            cArguments.forEach { free($0) }
            throw CommandFailure.report("cannot run \(daemon): \(reason)")
        }
        do throws(TransferServiceError) {
            try await TransferServer.installed(home: home).run(listener: listener)
        } catch {
            throw CommandFailure.report(error.message)
        }
    }

    /// `appex-transfersd` in the folder of `own` (this executable), when it is there.
    static func daemon(beside own: String) -> String? {
        let daemon = URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent("appex-transfersd").path
        return access(daemon, X_OK) == 0 ? daemon : nil
    }
}
