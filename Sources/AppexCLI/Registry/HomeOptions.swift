import ArgumentParser
import ExtensionHost
import ExtensionRegistry
import Foundation

/// `--home`, shared by the registry commands: the APPEX_HOME to work on.
struct HomeOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The device folder (default: $APPEX_HOME, else $XDG_DATA_HOME/appex).", valueName: "dir"))
    var home: String?

    /// The home named by `--home`, else by the environment.
    var appexHome: AppexHome {
        home.map { AppexHome(root: URL(fileURLWithPath: $0, isDirectory: true)) } ?? AppexHome.fromEnvironment()
    }

    /// Opens the home's registry, or ends the command with status 2.
    func registry() throws -> ExtensionRegistry {
        do { return try ExtensionRegistry(home: appexHome) } catch { throw error.exit() }
    }
}

extension RegistryError {
    /// Prints the error (and each lint finding) on standard error and returns the exit code
    /// to throw: 1 for a refused bundle, 2 for anything else.
    func exit() -> ExitCode {
        Console.current.printError("error: " + message)
        for d in diagnostics { Console.current.printError(d.description) }
        return ExitCode(isRefusal ? 1 : 2)
    }
}
