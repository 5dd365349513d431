import AppExtensions
import ExtensionHost
import ExtensionIPC
import ExtensionManifest
import ExtensionRegistry
import Foundation
import Glibc
import SystemSupport

extension DemoRun {
    /// Shares `url` from a host: shows both rows of the share sheet with the reasons, then
    /// runs Save to Notes; whether it completed.
    func share(_ host: ExtensionHost, step number: Int, url: String, title: String) throws -> Bool {
        step(number, "A host shares \(url) (\"\(title)\")")
        let item = ExtensionItem()
        item.attributedTitle = AttributedString(title)
        guard let value = URL(string: url) else { throw CommandFailure("bad demo URL \(url)") }
        item.attachments = [ItemProvider(item: .url(value), typeIdentifier: "public.url")]
        let shares = try Blocking.run { try await host.resolve([item], point: ExtensionPoint.share) }
        let actions = try Blocking.run { try await host.resolve([item], point: ExtensionPoint.action) }
        ShareCommand.printSheet(shares)
        ShareCommand.printSheet(actions)
        guard let saveToNotes = shares.eligible.first(where: { $0.identifier == "com.example.notes.SaveToNotes" }) else {
            throw CommandFailure("Save to Notes was not eligible for a web URL")
        }
        console.print("   The user picks Save to Notes; it runs in its own \(sandboxed ? "sandboxed " : "")process…")
        let report = Blocking.run { await host.run(saveToNotes, items: [item]) }
        let run = Blocking.run { await ShareReport.run(report) }
        ShareCommand.printRun(run)
        for line in report.standardError.split(separator: "\n") { console.print("   [extension] \(line)") }
        return run.outcome == "completed"
    }

    /// Runs the containing app with its data container and app-group containers, as the
    /// system would launch it, and prints what it prints.
    func runNotes(_ app: InstalledApplication) throws {
        let executable = app.bundleURL.appendingPathComponent("notes-app")
        let data = home.dataContainer(bundleIdentifier: app.identifier)
        var groups: [String: String] = [:]
        for group in app.appGroups { groups[group] = home.appGroupContainer(groupIdentifier: group).path }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw CommandFailure("pipe: \(SystemErrorText.text(errno))") }
        let readEnd = OwnedFileDescriptor(taking: ends[0])
        let writeEnd = OwnedFileDescriptor(taking: ends[1])
        var profile: SandboxProfile?
        if sandboxed {
            profile = SandboxProfile(readOnlyBinds: [.init(app.bundleURL.path)],
                                     readWriteBinds: [.init(data.path)] + groups.values.sorted().map { .init($0) }).addingSwiftRuntime()
        }
        let configuration = ChildProcess.Configuration(
            executable: executable.path,
            environment: [AppGroupContainersEnvironment.environmentVariable: AppGroupContainersEnvironment.encode(groups),
                          "APPEX_DATA_CONTAINER": data.path, "HOME": data.path, "LANG": "C.UTF-8"],
            sandbox: profile, limits: ProcessLimits(memoryCap: nil, wallClock: .seconds(60)), descriptors: [1: writeEnd, 2: writeEnd])
        let process: ChildProcess
        do {
            process = try ChildProcess.launch(configuration)
        } catch {
            throw CommandFailure("cannot start Notes: \(error.message)")
        }
        writeEnd.close()
        let output = FileHandle(fileDescriptor: readEnd.take() ?? -1, closeOnDealloc: true).readDataToEndOfFile()
        let ending = process.wait(timeout: .seconds(60))
        for line in String(decoding: output, as: UTF8.self).split(separator: "\n") { console.print("   \(line)") }
        guard ending == .exited(code: 0) else { throw CommandFailure("Notes ended: \(ending?.description ?? "still running")") }
    }
}
