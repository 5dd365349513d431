import AppexSystem
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
    func share(_ host: ExtensionHost, step number: Int, url: String, title: String) async throws -> Bool {
        step(number, "A host shares \(url) (\"\(title)\")")
        let item = ExtensionItem()
        item.attributedTitle = NSAttributedString(string: title)
        guard let value = URL(string: url) else { throw CommandFailure("bad demo URL \(url)") }
        item.attachments = [ItemProvider(item: .url(value), typeIdentifier: "public.url")]
        let shares = try await host.resolve([item], point: ExtensionPoint.share)
        let actions = try await host.resolve([item], point: ExtensionPoint.action)
        if !json {
            ShareCommand.printSheet(shares)
            ShareCommand.printSheet(actions)
        }
        guard let saveToNotes = shares.eligible.first(where: { $0.identifier == "com.example.notes.SaveToNotes" }) else {
            throw CommandFailure("Save to Notes was not eligible for a web URL")
        }
        say("   The user picks Save to Notes; it runs in its own \(sandbox.map { "\($0.displayName)-sandboxed " } ?? "")process…")
        let report = await host.run(saveToNotes, items: [item])
        let run = await ShareReport.run(report)
        if !json { ShareCommand.printRun(run) }
        record(sheets: [ShareReport(shares, run: run), ShareReport(actions)], extensionOutput: report.standardError)
        return run.outcome == "completed"
    }

    /// Runs the containing app with its data container and app-group containers, as the
    /// system would launch it, and prints what it prints.
    func runNotes(_ app: InstalledApplication) async throws {
        let launch = InstalledAppLaunch(app: app, executable: app.bundleURL.appendingPathComponent("notes-app"), home: home,
                                        sandbox: sandbox)
        let configuration = launch.configuration(captures: [1, 2], wallClock: .seconds(60))
        let process: ChildProcess
        do {
            process = try await ChildProcess.launch(configuration)
        } catch {
            throw CommandFailure("cannot start Notes: \(error.message)")
        }
        let ending = await process.exit()
        let lines = await process.output(waitingUpTo: .seconds(10)).split(separator: "\n").map(String.init)
        recorder.updateStep { $0.appOutput = lines }
        for line in lines { say("   \(line)") }
        guard ending == .exited(code: 0) else { throw CommandFailure("Notes ended: \(ending.description)") }
    }

    /// Seed 000's compose sheet: Post to Notes, driven by a script as a user would (type,
    /// switch 是否公开 on, pick 好友 under 公开权限, Post), or shown on the terminal for the
    /// user with `--interactive`; whether it completed.
    func post(_ host: ExtensionHost, step number: Int) async throws {
        step(number, "Post with the compose sheet (seed 000): Post to Notes, \(interactive ? "yours to use" : "scripted")")
        let item = ExtensionItem()
        item.attachments = [ItemProvider(item: .string("https://www.swift.org"), typeIdentifier: "public.plain-text")]
        let shares = try await host.resolve([item], point: ExtensionPoint.share)
        guard let postToNotes = shares.eligible.first(where: { $0.identifier == "com.example.notes.PostToNotes" }) else {
            throw CommandFailure("Post to Notes was not eligible for text")
        }
        let script = ComposeScript(actions: [.type("分享一个链接"), .tap("是否公开"), .tap("公开权限"), .choose("好友"), .post])
        let interactive = interactive
        let (report, compose) = await host.withSession(postToNotes, items: [item]) { session -> (ExtensionRunReport, ComposeScript.Run?) in
            if interactive {
                await TerminalComposeSheet(session: session, title: "Post to Notes").run()
                return (await session.report(), nil)
            }
            let compose = await script.run(on: session)
            return (await session.report(), compose)
        }
        let run = await ShareReport.run(report)
        if !json {
            if let compose { ShareCommand.printCompose(compose) }
            ShareCommand.printRun(run)
        }
        var sheet = ShareReport(shares, run: run)
        sheet.compose = compose
        record(sheets: [sheet], extensionOutput: report.standardError)
        guard run.outcome == "completed" else { throw CommandFailure("the post did not complete") }
    }

    /// Adds the step's sheets and the extension's standard error to the report, and prints
    /// the extension's lines (not with `--json`).
    func record(sheets: [ShareReport], extensionOutput: String) {
        let lines = extensionOutput.split(separator: "\n").map(String.init)
        recorder.updateStep { step in
            step.sheets += sheets
            step.extensionOutput += lines
        }
        for line in lines { say("   [extension] \(line)") }
    }
}
