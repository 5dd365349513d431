import ArgumentParser
import BundleSeal
import ExtensionRegistry
import Foundation

/// `appex verify`: hashes every file of an installed app, an extension, or a bundle, and
/// compares them with the seal.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check an installed app or extension, or a bundle, against its seal (exit 0 sealed, 1 modified, 2 on error).",
        discussion: """
            Every file is hashed (SHA-256) and compared with the seal: for an installed app or extension, the seal \
            taken at install; for an .app that is not installed, the seal appex bundle wrote into it \
            (_AppexSeal/Seal.plist). Every file that differs, was added or is missing is named. docs/REGISTRY.md, \
            "The seal".
            """
    )

    @Argument(help: ArgumentHelp("An installed app's or extension's bundle identifier, or the path of an .app.",
                                 valueName: "id|path.app"))
    var target: String

    @Flag(help: "Print JSON.")
    var json = false

    @OptionGroup var homeOptions: HomeOptions

    struct Report: Encodable {
        var identifier: String?
        var path: String
        var sealed: Bool
        var modified: [String]
        var added: [String]
        var missing: [String]
    }

    func run() throws {
        let report = try target.hasSuffix(".app") || target.contains("/") ? verifyBundle() : verifyInstalled()
        if json {
            Console.current.print(JSONOutput.render(report))
        } else if report.sealed {
            Console.current.print("sealed: \(report.identifier ?? report.path)")
        } else {
            Console.current.print("modified: \(report.identifier ?? report.path) (\(report.path))")
            for (word, paths) in [("modified", report.modified), ("added", report.added), ("missing", report.missing)] {
                for path in paths { Console.current.print("  \(word): \(path)") }
            }
        }
        if !report.sealed { throw ExitCode(1) }
    }

    /// An installed app or extension against the seal taken at install.
    func verifyInstalled() throws -> Report {
        let registry = try homeOptions.registry()
        let verification: SealVerification
        do { verification = try registry.verify(target) } catch { throw error.exit() }
        return Report(verification.difference, identifier: verification.identifier, path: verification.bundlePath)
    }

    /// A bundle: an installed app's copy against its install seal, any other against the
    /// seal it carries.
    func verifyBundle() throws -> Report {
        let url = URL(fileURLWithPath: target).standardizedFileURL
        guard FileManager.default.fileExists(atPath: url.path) else { throw CommandFailure.report("\(target): no such bundle") }
        // Only a copy inside the home's Applications/ is checked against its install seal (and
        // only then is the registry opened: checking a bundle must not create a home).
        let applications = homeOptions.appexHome.applicationsDirectory.standardizedFileURL.path + "/"
        if url.path.hasPrefix(applications) {
            let registry = try homeOptions.registry()
            let installed = (try? registry.installedApplications()) ?? []
            guard let app = installed.first(where: { $0.bundleURL.standardizedFileURL == url }) else {
                throw CommandFailure.report("\(target) is in \(applications) but is no installed app's copy")
            }
            let verification: SealVerification
            do { verification = try registry.verify(app.identifier) } catch { throw error.exit() }
            return Report(verification.difference, identifier: app.identifier, path: verification.bundlePath)
        }
        do {
            guard let difference = try BundleSeal.differenceFromEmbedded(in: url) else {
                throw CommandFailure.report("\(target) carries no seal (\(BundleSeal.embeddedPath)); appex bundle writes one")
            }
            return Report(difference, identifier: nil, path: target)
        } catch let error as BundleSealError {
            throw CommandFailure.report(error.message)
        }
    }
}

extension VerifyCommand.Report {
    init(_ difference: SealDifference, identifier: String?, path: String) {
        self.init(identifier: identifier, path: path, sealed: difference.isEmpty, modified: difference.modified,
                  added: difference.added, missing: difference.missing)
    }
}
