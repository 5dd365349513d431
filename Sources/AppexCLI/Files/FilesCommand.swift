import ArgumentParser
import ExtensionHost
import ExtensionManifest
import ExtensionRegistry
import ProviderMounts
import Foundation
import SystemSupport

/// `appex files`: storage providers mounted as folders (docs/STORAGE-PROVIDERS.md).
struct FilesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "files",
        abstract: "Mount a file provider as a folder every program can open (exit 0, 2 on error).",
        discussion: """
            A file provider (com.apple.fileprovider-nonui, NSFileProviderExtension) serves a \
            storage service's files. `appex files mount` makes its tree a folder, by default \
            $XDG_RUNTIME_DIR/appex/Files/<provider>, through FUSE: listing a folder asks the \
            provider's enumerator, opening a file has it provide the file, writing and closing \
            tells it the file changed. The provider runs in its sandbox; one that crashes or \
            hangs fails the call with EIO within the call limit.
            """,
        subcommands: [FilesMountCommand.self, FilesUnmountCommand.self, FilesStatusCommand.self],
        defaultSubcommand: FilesStatusCommand.self)

    /// The provider named `identifier`, or the only one installed.
    static func choose(_ identifier: String?, among installed: [InstalledExtension]) throws -> InstalledExtension {
        try InstalledChoice(kind: "file provider", point: ExtensionPoint.fileProvider).choose(identifier, among: installed)
    }
}

/// `appex files status`.
struct FilesStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "List the mounted providers.")

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        let mounts = try Self.mounted()
        if json { return Console.current.print(JSONOutput.render(mounts)) }
        if let problem = FUSEAvailability.problem() { Console.current.printError("appex: FUSE cannot be used here: \(problem)") }
        guard !mounts.isEmpty else { return Console.current.print("no providers mounted") }
        for mount in mounts {
            Console.current.print("\(mount.provider)\t\(mount.folder)\(mount.isServed ? "" : "\t(not served: its process ended; appex files unmount \(mount.folder))")")
        }
    }

    /// The mounted providers, or the command's failure naming why they cannot be known.
    static func mounted() throws -> [MountedProvider] {
        do { return try MountedProvider.all() } catch { throw CommandFailure(error.message) }
    }
}

/// `appex files unmount`.
struct FilesUnmountCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unmount", abstract: "Unmount a provider's folder.")

    @Argument(help: ArgumentHelp("The mounted folder, or the provider's bundle identifier (optional when one is mounted).", valueName: "folder-or-identifier"))
    var target: String?

    func run() throws {
        let mounts = try FilesStatusCommand.mounted()
        let chosen: [MountedProvider]
        if let target {
            let absolute = target.hasPrefix("/") ? target : FileManager.default.currentDirectoryPath + "/" + target
            chosen = mounts.filter { $0.folder == absolute || $0.folder == target || $0.provider == target }
            guard !chosen.isEmpty else { throw CommandFailure("nothing of Appex is mounted at or as \(target) (see appex files status)") }
        } else {
            guard mounts.count == 1 else {
                throw CommandFailure(mounts.isEmpty ? "no providers mounted" : "more than one provider is mounted: name its folder")
            }
            chosen = mounts
        }
        for mount in chosen {
            do {
                try mount.unmount()
            } catch {
                throw CommandFailure("\(error.message) (a program may still have a file open there)")
            }
            Console.current.print("unmounted \(mount.folder)")
        }
    }
}
