import ArgumentParser
import ExtensionRegistry
import Foundation

/// `appex doctor`: what needs the user's attention, on this machine and in APPEX_HOME.
struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the system's parts, the registry and every installed bundle (exit 0 healthy, 1 if something needs you, 2 on error).",
        discussion: """
            Says which sandbox extensions will run in and why (bubblewrap, else the kernel's Landlock), what the \
            kernel supports and what is missing, with the Debian packages; lists the other parts Appex uses \
            (Chromium, libmagic, shared-mime-info), the registry's integrity \
            problems (records without files, files without records, a damaged database), and every installed app \
            and extension that is not intact: damaged (cannot be read) or modified since install (compared with its \
            seal, hashing the files whose fingerprint changed). Installing the app again repairs it. Asks a running \
            transfer service what is wrong with it (descriptors exhausted, a store refusing writes), without starting one.
            """
    )

    @Flag(help: "Print JSON.")
    var json = false

    @OptionGroup var homeOptions: HomeOptions

    func run() async throws {
        let registry = try homeOptions.registry()
        let problems: [RegistryIntegrityProblem]
        let inventory: RegistryInventory
        do {
            problems = try registry.checkIntegrity()
            inventory = try registry.inventory(checking: .allFiles)
        } catch {
            throw error.exit()
        }
        let system = DoctorReport.system()
        let sandbox = DoctorReport.sandboxes()
        let applications = inventory.applications.filter { $0.condition != .intact }.map {
            DoctorReport.Installed(identifier: $0.identifier, application: nil, state: $0.condition.rawValue, runs: true, problems: $0.problems)
        }
        let extensions = inventory.extensions.filter { $0.condition != .intact }.map {
            DoctorReport.Installed(identifier: $0.identifier, application: $0.applicationIdentifier, state: $0.condition.rawValue,
                                   runs: $0.isLaunchable, problems: $0.problems)
        }
        let attention = (applications + extensions).contains { $0.state != InstalledCondition.unsealed.rawValue }
        let transfers = await DoctorReport.transferService(home: registry.home)
        let report = DoctorReport(home: registry.home.root.path, sandbox: sandbox, system: system, registry: problems.map(\.description),
                                  applications: applications, extensions: extensions, transfers: transfers,
                                  healthy: sandbox.uses != nil && system.allSatisfy { $0.found || !$0.required }
                                      && problems.isEmpty && !attention && !transfers.troubled)
        if json {
            Console.current.print(JSONOutput.render(report))
        } else {
            Console.current.print(Self.text(report, installedApps: inventory.applications.count, installedExtensions: inventory.extensions.count))
        }
        if !report.healthy { throw ExitCode(1) }
    }

    static func text(_ report: DoctorReport, installedApps: Int, installedExtensions: Int) -> String {
        var lines = ["appex doctor — APPEX_HOME=\(report.home)", "", "Sandbox"]
        lines.append("  \((report.sandbox.uses == nil ? "MISSING" : "uses").padding(toLength: 8, withPad: " ", startingAt: 0)) "
            + (report.sandbox.uses.map { "\($0.rawValue): " } ?? "") + report.sandbox.why)
        for candidate in report.sandbox.candidates {
            lines.append("  \((candidate.available ? "ok" : "missing").padding(toLength: 8, withPad: " ", startingAt: 0)) \(candidate.kind.rawValue): \(candidate.detail)")
        }
        let kernel = report.sandbox.kernel
        lines.append("  kernel   \(kernel.release): Landlock ABI \(kernel.landlockABI)\(kernel.landlockFeatures.isEmpty ? "" : " (" + kernel.landlockFeatures.joined(separator: ", ") + ")"), "
            + "seccomp \(kernel.seccomp ? "yes" : "no"), unprivileged user namespaces \(kernel.userNamespaces ? "yes" : "no")")
        lines += ["", "System"]
        for part in report.system {
            let mark = part.found ? "ok" : (part.required ? "MISSING" : "missing")
            lines.append("  \(mark.padding(toLength: 8, withPad: " ", startingAt: 0)) \(part.name): \(part.detail)")
        }
        lines += ["", "Transfer service"]
        lines.append("  \((report.transfers.troubled ? "PROBLEM" : "ok").padding(toLength: 8, withPad: " ", startingAt: 0)) \(report.transfers.detail)")
        lines += report.transfers.conditions.map { "           " + TransferText.condition($0) }
        lines += ["", "Registry"]
        if report.registry.isEmpty { lines.append("  ok       records and files agree") }
        lines += report.registry.map { "  PROBLEM  \($0)" }
        lines += ["", "Installed (\(installedApps) app\(installedApps == 1 ? "" : "s"), \(installedExtensions) extension\(installedExtensions == 1 ? "" : "s"))"]
        let items = report.applications + report.extensions
        if items.isEmpty { lines.append("  ok       every app and extension is as installed") }
        for item in items {
            let kind = item.application == nil ? "app" : (item.runs ? "extension" : "extension, will not run")
            lines.append("  \(item.state.uppercased().padding(toLength: 8, withPad: " ", startingAt: 0)) \(item.identifier) (\(kind)): "
                + item.problems.joined(separator: "; "))
        }
        if !items.isEmpty {
            lines += ["", "Install an app again (appex install path.app) to repair or seal it."]
        }
        lines.append("")
        lines.append(report.healthy ? "Healthy." : "Something needs your attention.")
        return lines.joined(separator: "\n")
    }
}
