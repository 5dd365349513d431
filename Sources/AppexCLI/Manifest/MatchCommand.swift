import ArgumentParser
import ExtensionManifest

/// `appex match`: which extensions a payload activates, and why the others stay hidden.
struct MatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Decide which extensions a share activates (exit 0 if any is eligible, 1 if none, 2 on error).",
        discussion: """
        The payload is any mix of presets (\(PayloadPreset.catalog.map(\.spelling).joined(separator: ", "))), \
        files, URLs, --text and --item. Each preset is decided on its own; the other inputs form one share. \
        With no payload, every preset is tried (counts of 3).
        """
    )

    @Argument(help: ArgumentHelp("An Info.plist, .appex or .app bundle.", valueName: "path"))
    var path: String

    @Argument(help: ArgumentHelp("Presets, files or URLs to share.", valueName: "payload"))
    var payload: [String] = []

    @OptionGroup var payloadOptions: PayloadOptions

    @Flag(help: "Explain every decision step by step.")
    var explain = false

    @Flag(help: "Print JSON.")
    var json = false

    @OptionGroup var options: ManifestOptions

    func run() throws {
        let loaded: ManifestLoader.Result
        do {
            var loader = try options.loader()
            // One broken extension of an app is skipped, with a warning; its siblings are decided.
            loader.setsAsideUnreadableExtensions = true
            loaded = try loader.load(path)
        } catch let error as ManifestLoadError {
            throw CommandFailure.report(error.propertyListError.map { "\($0)" } ?? error.message)
        }
        for unreadable in loaded.unreadableExtensions {
            Console.current.printError("warning: \(unreadable.bundleURL.lastPathComponent) is skipped: its Info.plist cannot be read: "
                + (unreadable.error.propertyListError.map { "\($0)" } ?? unreadable.error.message))
        }
        if let changed = SealWarning.bundleChangedSinceBundled(path) { Console.current.printError("warning: " + changed) }
        let payloads = try payloadOptions.payloads(words: payload)
        let report = MatchReport.build(loaded.extensions, payloads: payloads)
        if json {
            Console.current.print(JSONOutput.render(report))
        } else {
            for line in report.lines(explain: explain) { Console.current.print(line) }
        }
        if !report.anyEligible { throw ExitCode(1) }
    }
}
