import AppExtensions
import ExtensionHost
import Foundation
import LoopbackWeb

/// The share sheet in a browser: a server on 127.0.0.1 that shows what is shared, the
/// eligible extensions and the host's own actions, why the others are left out, runs the
/// one the person chooses, and shows its compose sheet or its own interface and the
/// outcome — all live over one WebSocket.
///
/// ```swift
/// let sheet = WebShareSheet(host: host, resolution: resolution, items: items)
/// let ending = try await sheet.run { url in openInBrowser(url) }
/// ending.completion   // completionWithItemsHandler: which ran, completed, returned items
/// ```
///
/// Every URL carries a random secret (`/s/<secret>/`): a request without it gets 403, and
/// the WebSocket accepts only the page's own origin. The server exists only while
/// ``run(open:)`` runs: it ends when the share ends or the page closes. docs/SHARE-SHEET.md.
public struct WebShareSheet: Sendable {
    /// How the share ended.
    public enum Ending: Sendable {
        /// The person chose an extension and it ran; how it went.
        case ran(ExtensionRunReport)
        /// The person chose one of the host's own actions; how it went, and its one line.
        case performed(ShareCompletion, message: String?)
        /// The person closed the sheet without choosing.
        case dismissed
        /// The page went away (closed, or its connection lost) before the share ended.
        case pageClosed

        /// The run's report, when an extension ran.
        public var report: ExtensionRunReport? {
            if case .ran(let report) = self { return report }
            return nil
        }

        /// Whether the person closed the sheet without choosing.
        public var isDismissed: Bool {
            if case .dismissed = self { return true }
            return false
        }

        /// The ending in the shape of Apple's `completionWithItemsHandler`: the activity
        /// type (an extension's identifier or a host action's type; `nil` when nothing
        /// was chosen), whether it completed, what it returned, its error.
        public var completion: ShareCompletion {
            switch self {
            case .ran(let report): ShareCompletion(report)
            case .performed(let completion, _): completion
            case .dismissed: ShareCompletion(activityType: nil, completed: false)
            case .pageClosed: ShareCompletion(activityType: nil, completed: false, activityError: "the sheet's page closed")
            }
        }
    }

    /// The host that runs the chosen extension.
    public var host: ExtensionHost
    /// The eligible extensions and the others, with reasons.
    public var resolution: ShareResolution
    /// What is shared.
    public var items: [ExtensionItem]
    /// The host's own actions, shown after the extensions (`applicationActivities`);
    /// those whose `canPerform` refuses the items are left out.
    public var activities: [ShareActivity]
    /// Stores the person's new order of the eligible extensions (`appex order`); `nil`
    /// hides reordering.
    public var reorder: (@Sendable ([String]) async throws -> Void)?
    /// Stores the person's switch for an extension (`appex enable`/`disable`); `nil` hides
    /// the switches.
    public var setEnabled: (@Sendable (String, Bool) async throws -> Void)?
    /// How long the sheet waits for its page to connect before it gives up (the browser
    /// did not open, or the address was never visited): then the share ends as
    /// ``Ending/pageClosed``.
    public var connectionDeadline: Duration = .seconds(600)

    /// A sheet for `items`, resolved by `resolution`, run by `host`.
    public init(host: ExtensionHost, resolution: ShareResolution, items: [ExtensionItem],
                activities: [ShareActivity] = [],
                setEnabled: (@Sendable (String, Bool) async throws -> Void)? = nil,
                reorder: (@Sendable ([String]) async throws -> Void)? = nil) {
        self.host = host
        self.resolution = resolution
        self.items = items
        self.activities = activities.filter { $0.canPerform(items) }
        self.setEnabled = setEnabled
        self.reorder = reorder
    }

    /// Serves the sheet until the share ends; `open` is handed the page's URL once the
    /// server listens (open it in a browser, or print it).
    public func run(open: @Sendable (URL) async -> Void) async throws -> Ending {
        try await SheetServer(sheet: self, token: SecretToken()).run(open: open)
    }
}
