import ArgumentParser
import ExtensionHost
import ExtensionRegistry
import Foundation
import PhotoLibrary
import SystemSupport

/// `appex edit`: a photo library's Edit button.
struct EditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Edit a photo with a photo editing extension, without losing its original (exit 0, 1 if the edit did not apply, 2 on error).",
        discussion: """
            Without --with, lists the editors offered for the photo: enabled photo editing extensions \
            (com.apple.photo-editing) whose PHSupportedMediaTypes holds Image.

            With --with, runs that editor in its sandbox and taps Done as soon as it has started (Appex has no \
            editing interface yet; --cancel taps Cancel). The first edit keeps the photo's original in the edit \
            store (APPEX_HOME/Photos/). An editor that can handle the photo's last adjustment data gets the \
            original and that data, so it resumes; another gets the photo as it looks and no data, as in Photos. \
            The photo is replaced in one rename once the editor's output is a whole JPEG; an editor that crashes, \
            hangs, cancels or writes garbage leaves it as it was.

            --revert restores the original byte for byte and forgets the edit. docs/PHOTO-EDITING.md has the rest.
            """
    )

    @Argument(help: "The photo (a JPEG, PNG, WebP, TIFF, HEIC or GIF file).")
    var photo: String

    @Option(name: .customLong("with"), help: ArgumentHelp("The editor's bundle identifier.", valueName: "identifier"))
    var editor: String?

    @Flag(help: "Restore the photo's original, byte for byte.")
    var revert = false

    @Flag(help: "With --with: tap Cancel instead of Done once the editor has started.")
    var cancel = false

    @Flag(help: "Print JSON.")
    var json = false

    @OptionGroup var homeOptions: HomeOptions
    @OptionGroup var sandboxing: SandboxOptions

    func validate() throws {
        if revert, editor != nil { throw ValidationError("--revert and --with do not go together: revert first, then edit") }
        if cancel, editor == nil { throw ValidationError("--cancel goes with --with") }
    }

    func run() async throws {
        let home = homeOptions.appexHome
        let sandbox = try sandboxing.resolved()
        var options = try LaunchOptions.command(sandbox: sandbox, home: home)
        // Opening the registry and the edit store (SQLite): off the shared threads.
        let library = try await Offload.perform { [options] in
            try PhotoLibrary(catalog: try RegistryCatalog.open(home), options: options, home: home)
        }
        do {
            if revert { return try await runRevert(library) }
            guard let editor else { return try await list(library) }
            try await runEdit(library, editor: editor)
        } catch let error as PhotoLibraryError {
            throw CommandFailure.report("\(error.code.rawValue): \(error.message)")
        }
    }

    private func list(_ library: PhotoLibrary) async throws {
        let report = try await EditReport.Listing(library: library, photo: photo)
        if json { return Console.current.print(JSONOutput.render(report)) }
        if report.editors.isEmpty {
            Console.current.print("no photo editors installed (or none enabled): install an app with a com.apple.photo-editing extension")
        } else {
            Console.current.print("Editors for \(report.photo):")
            for editor in report.editors {
                let resumes = editor.resumes ? "  (made the last edit)" : ""
                Console.current.print("  \(editor.identifier)  \(editor.displayName)\(resumes)")
            }
        }
        if let edit = report.lastEdit {
            Console.current.print("Last edit: \(edit.editor), \(edit.formatIdentifier) \(edit.formatVersion) (appex edit \(photo) --revert restores the original)")
        }
    }

    private func runEdit(_ library: PhotoLibrary, editor identifier: String) async throws {
        let catalog = library.host.catalog
        let installed = try await Offload.perform { try catalog.installedExtensions() }
        guard let editor = installed.first(where: { $0.identifier == identifier }) else {
            throw CommandFailure("no extension \(identifier) is installed (appex edit \(photo) lists the editors)")
        }
        let outcome = try await library.edit(photo, with: editor, action: cancel ? .cancel : .done)
        let report = EditReport.Edit(outcome)
        if json {
            Console.current.print(JSONOutput.render(report))
        } else {
            Console.current.print(report.sentence(name: (photo as NSString).lastPathComponent, editor: editor.displayName))
            // On a terminal, the photo as the editor rendered it, in half blocks (as widgets' images);
            // a picture that cannot be read or drawn is left out: the line above already reports the edit.
            if outcome.result == .edited, isatty(STDOUT_FILENO) != 0,
               let data = try? await Offload.perform({ try Data(contentsOf: URL(fileURLWithPath: photo)) }),
               let picture = await Offload.perform({ TerminalPicture.lines(of: data, width: min(TerminalMode.columns, 48)) }) {
                Console.current.print(picture.joined(separator: "\n"))
            }
        }
        let expected: PhotoEditOutcome.Result = cancel ? .cancelled : .edited
        if outcome.result != expected { throw ExitCode(1) }
    }

    private func runRevert(_ library: PhotoLibrary) async throws {
        let record = try await library.revert(photo)
        let report = EditReport.Revert(record)
        if json { return Console.current.print(JSONOutput.render(report)) }
        let by = record.current.map { " (it showed the edit by \($0.editorIdentifier))" } ?? ""
        Console.current.print("\((photo as NSString).lastPathComponent): restored its original, byte for byte\(by)")
    }
}
