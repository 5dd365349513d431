import AppGroups
import ArgumentParser
import DeviceLayout
import Foundation

/// `appex defaults`: an app group's shared defaults, as macOS `defaults` shows a domain.
struct DefaultsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "defaults",
        abstract: "Read, write and delete an app group's shared defaults (as macOS defaults).",
        discussion: """
            GROUP is an app group identifier (group.com.example.notes); its container is in \
            the device folder (--home), where `appex install` made it. The values are the ones \
            the group's apps and extensions read with UserDefaults(suiteName: GROUP).
            """,
        subcommands: [DefaultsReadCommand.self, DefaultsWriteCommand.self, DefaultsDeleteCommand.self]
    )
}

/// The group and the home, shared by the `defaults` subcommands.
struct DefaultsTarget: ParsableArguments {
    @Argument(help: ArgumentHelp("The app group's identifier.", valueName: "group"))
    var group: String

    @OptionGroup var homeOptions: HomeOptions

    /// Says, as macOS `defaults` does, that `key` is not set, and returns exit status 1.
    func notSet(_ key: String) -> ExitCode {
        Console.current.printError("The domain/default pair of (\(group), \(key)) does not exist")
        return ExitCode(1)
    }

    /// The group's shared defaults; a group without a container in the home is an error
    /// that names the folder looked in.
    func open() throws(CommandFailure) -> SharedDefaults {
        guard group.hasPrefix("group.") else {
            throw CommandFailure("'\(group)' is not an app group identifier: they start with 'group.'")
        }
        let container = homeOptions.appexHome.appGroupContainer(groupIdentifier: group)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: container.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandFailure("no app group \(group) in \(homeOptions.appexHome.root.path): \(container.path) does not exist (install an app that declares it)")
        }
        do {
            return try SharedDefaults(containerURL: container, suiteName: group)
        } catch {
            throw CommandFailure("cannot open the shared defaults of \(group): \(error.message)")
        }
    }
}
