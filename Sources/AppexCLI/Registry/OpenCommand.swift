import AppexSystem
import ArgumentParser
import BundleSeal
import ExtensionHost
import ExtensionIPC
import ExtensionRegistry
import Foundation
import Glibc
import SystemSupport

/// `appex open`: starts an installed app as the system starts it.
struct OpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Start an installed app as the system starts it (exit: the app's own status, 2 on error).",
        discussion: """
            The app runs from its installed bundle with its data container as HOME \
            (APPEX_DATA_CONTAINER), its app groups' containers (APPEX_APP_GROUP_CONTAINERS) and \
            the transfer service's socket, which is started first if it is not running; in its \
            sandbox (bubblewrap or Landlock), its bundle read-only and its containers read-write. Its executable and \
            Info.plist are checked against the seal taken at install first. The app has this \
            terminal's standard input, output and error. Arguments after -- go to the app.
            """
    )

    @Argument(help: ArgumentHelp("The app's bundle identifier.", valueName: "bundle-id"))
    var identifier: String

    @Argument(parsing: .postTerminator, help: ArgumentHelp("Arguments for the app, after --.", valueName: "argument"))
    var arguments: [String] = []

    @OptionGroup var sandboxing: SandboxOptions

    @OptionGroup var homeOptions: HomeOptions

    func run() async throws {
        let registry = try homeOptions.registry()
        let home = registry.home
        let found: (app: InstalledApplication, executable: URL)
        do {
            found = try await InstalledAppLaunch.find(identifier, in: registry)
        } catch let error as RegistryError {
            throw error.exit()
        } catch {
            throw CommandFailure.report("\(error)")
        }
        await TransferServiceAccess.cli(home: home).ensureRunning()
        // The app gets this process's standard streams, as a launched program does.
        var streams: [Int32: OwnedFileDescriptor] = [:]
        for number: Int32 in [0, 1, 2] {
            let copy = fcntl(number, F_DUPFD_CLOEXEC, 3)
            if copy >= 0 { streams[number] = OwnedFileDescriptor(taking: copy) }
        }
        let launch = InstalledAppLaunch(app: found.app, executable: found.executable, home: home, sandbox: try sandboxing.resolved())
        let process: ChildProcess
        do {
            process = try await ChildProcess.launch(launch.configuration(arguments: arguments, descriptors: streams))
        } catch {
            throw CommandFailure.report("cannot start \(identifier): \(error.message)")
        }
        switch await process.exit() {
        case .exited(let code):
            if code != 0 { throw ExitCode(code) }
        case .signaled(let signal, let name):
            Console.current.printError("\(identifier) ended with \(name)")
            throw ExitCode(128 + signal)
        case .killed(let reason, let signal):
            Console.current.printError("\(identifier) was ended: \(reason.message)")
            throw ExitCode(128 + signal)
        }
    }
}
