import AppExtensions
import ExtensionHost
import Foundation

/// What `appex share --json` prints.
struct ShareReport: Encodable {
    struct Candidate: Encodable {
        var identifier: String
        var name: String
        var reason: String?
    }

    struct Attachment: Encodable {
        var types: [String]
        var suggestedName: String?
        /// The first type's value, as text (a string, a URL, or "N bytes").
        var value: String?
    }

    struct Item: Encodable {
        var title: String?
        /// The item's `attributedContentText` (a compose sheet's post), as plain text.
        var text: String?
        var attachments: [Attachment]
    }

    struct Run: Encodable {
        var extensionIdentifier: String
        var outcome: String
        var error: String?
        var items: [Item]
        var openedURLs: [String]
        var ending: String?
        var milliseconds: Int
        /// The kept crash report, when the extension crashed.
        var crashReport: String?
    }

    var point: String
    var eligible: [Candidate]
    var excluded: [Candidate]
    var run: Run?
    /// The scripted compose session, with `--compose-script`.
    var compose: ComposeScript.Run?

    init(_ resolution: ShareResolution) {
        point = resolution.point
        eligible = resolution.eligible.map { Candidate(identifier: $0.identifier, name: $0.bundle.info.name) }
        excluded = resolution.excluded.map { Candidate(identifier: $0.installed.identifier, name: $0.installed.bundle.info.name, reason: $0.reason) }
    }

    /// The run's outcome, with each returned attachment's first value loaded as text.
    static func run(_ report: ExtensionRunReport) async -> Run {
        var run = Run(extensionIdentifier: report.extensionIdentifier, outcome: "", items: [],
                      openedURLs: report.openedURLs.map(\.absoluteString), ending: report.ending?.description,
                      milliseconds: Int(report.duration.components.seconds * 1000 + report.duration.components.attoseconds / 1_000_000_000_000_000),
                      crashReport: report.crashReport?.path)
        switch report.outcome {
        case .completed(let items):
            run.outcome = "completed"
            for item in items {
                var attachments: [Attachment] = []
                for provider in item.attachments ?? [] {
                    attachments.append(Attachment(types: provider.registeredTypeIdentifiers, suggestedName: provider.suggestedName,
                                                  value: await provider.firstValueSummary()))
                }
                run.items.append(Item(title: item.attributedTitle.map { String($0.characters) },
                                      text: item.attributedContentText.map { String($0.characters) }, attachments: attachments))
            }
        case .cancelled(let error):
            run.outcome = "cancelled"
            run.error = "\(error.domain) \(error.code): \(error.localizedDescription)"
        case .failed(let error):
            run.outcome = "failed"
            run.error = error.description
        }
        return run
    }
}
