import AppExtensions
import ExtensionHost
import Foundation
import WebPages

/// What `appex share --json` prints.
struct ShareReport: Encodable {
    struct Candidate: Encodable {
        var identifier: String
        var name: String
        var reason: String?
        /// Why it was left out: disabled-by-user, activation-rule or excluded-by-host.
        var cause: String?
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
    /// The scripted view-controller session, with `--view-script`.
    var view: ViewScript.Run?
    /// How the host's own action ended, with `--activity` or a key typed on a terminal.
    var completion: Completion?
    /// The page shared with `--page`: what was loaded, preprocessed and finalized.
    var page: Page?

    /// A page shared with `--page`.
    struct Page: Encodable {
        var url: String
        var title: String
        /// Why the page was used before it had finished loading, when it was.
        var loadNote: String?
        var preprocessing: Preprocessing?
        var finalize: Finalize?
        var savedHTML: String?
        var screenshot: String?
    }

    /// The chosen extension's preprocessing file, run in the page.
    struct Preprocessing: Encodable {
        var file: String
        /// delivered, threw, no-run-function, not-completed, refused, unresponsive or failed.
        var status: String
        /// Why there are no results, when there are none.
        var problem: String?
        var resultBytes: Int
        var milliseconds: Int

        init(_ outcome: PreprocessingOutcome, file: String) {
            self.file = file
            status = outcome.status.rawValue
            problem = outcome.problem
            resultBytes = outcome.resultBytes
            milliseconds = Int(outcome.duration.components.seconds * 1000 + outcome.duration.components.attoseconds / 1_000_000_000_000_000)
        }
    }

    /// The page's `finalize`, called with the extension's finalize argument.
    struct Finalize: Encodable {
        /// finalized, no-finalize-function, threw, timed-out or failed.
        var status: String
        var problem: String?
    }

    /// A host action's ending, in the shape of `completionWithItemsHandler`.
    struct Completion: Encodable {
        var activityType: String?
        var completed: Bool
        /// The action's one line ("Saved 2 files to …"), when it completed.
        var message: String?
        var items: [Item]
        var error: String?
    }

    init(_ resolution: ShareResolution, run: Run? = nil) {
        self.run = run
        point = resolution.point
        eligible = resolution.eligible.map { Candidate(identifier: $0.identifier, name: $0.displayName) }
        excluded = resolution.excluded.map { Candidate(identifier: $0.installed.identifier, name: $0.installed.displayName, reason: $0.reason,
                                               cause: $0.cause.rawValue) }
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
            run.items = await Self.items(items)
        case .cancelled(let error):
            run.outcome = "cancelled"
            run.error = "\(error.domain) \(error.code): \(error.localizedDescription)"
        case .failed(let error):
            run.outcome = "failed"
            run.error = error.description
        }
        return run
    }

    /// A host action's completion, with each returned attachment's first value as text.
    static func completion(_ completion: ShareCompletion, message: String?) async -> Completion {
        Completion(activityType: completion.activityType, completed: completion.completed, message: message,
                   items: await items(completion.returnedItems), error: completion.activityError)
    }

    /// Returned items, each attachment's first value loaded as text.
    static func items(_ items: [ExtensionItem]) async -> [Item] {
        var result: [Item] = []
        for item in items {
            var attachments: [Attachment] = []
            for provider in item.attachments ?? [] {
                attachments.append(Attachment(types: provider.registeredTypeIdentifiers, suggestedName: provider.suggestedName,
                                              value: await provider.firstValueSummary()))
            }
            result.append(Item(title: item.attributedTitle?.string,
                               text: item.attributedContentText?.string, attachments: attachments))
        }
        return result
    }
}
