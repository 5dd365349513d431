import ExtensionHost
import Foundation
import LoopbackWeb

/// The Today view in a browser: every widget drawn from its last snapshot at once, then
/// kept up to date by its own process, with Refresh, Show More/Less and the widgets'
/// buttons — the terminal dashboard's page (`appex today --web`).
///
/// ```swift
/// let page = WebTodayView(today: today, widgets: try today.widgets()) { url, widget in
///     await opener.open(url, for: widget)     // the same policy as the terminal's
/// }
/// let ending = try await page.run { url in openInBrowser(url) }
/// ```
///
/// As the share sheet, it listens on 127.0.0.1 only, every address carries a random
/// secret (`/t/<secret>/`), and the WebSocket accepts only the page's own origin. Several
/// pages may show it at once. It ends when no page has been open for ``closeGrace`` (a
/// reload comes back in time), when no page came within ``connectionDeadline``, or when
/// the task running it is cancelled; the widgets' processes end with it. docs/WIDGETS.md.
public struct WebTodayView: Sendable {
    /// How the dashboard ended.
    public enum Ending: Hashable, Sendable {
        /// Its pages closed, and none came back within ``WebTodayView/closeGrace``.
        case closed
        /// No page came within ``WebTodayView/connectionDeadline``.
        case notOpened
        /// The task running it was cancelled.
        case cancelled
    }

    /// The Today view whose widgets are shown and updated.
    public var today: TodayView
    /// The widgets, in the order shown (``TodayView/widgets()``).
    public var widgets: [InstalledExtension]
    /// Opens a button's URL for a widget; the sentence it returns is shown in the status
    /// line. The host's policy: the same opener as the terminal dashboard's.
    public var openURL: @Sendable (URL, InstalledExtension) async -> String
    /// How long the dashboard waits for its first page.
    public var connectionDeadline: Duration = .seconds(600)
    /// How long the dashboard lives on once its last page closed.
    public var closeGrace: Duration = .seconds(10)

    /// A dashboard of `widgets` of `today`, whose buttons `openURL` opens.
    public init(today: TodayView, widgets: [InstalledExtension],
                openURL: @escaping @Sendable (URL, InstalledExtension) async -> String) {
        self.today = today
        self.widgets = widgets
        self.openURL = openURL
    }

    /// Serves the dashboard until it ends; `open` is handed the page's address once the
    /// server listens (open it in a browser, or print it).
    public func run(open: @Sendable (URL) async -> Void) async throws -> Ending {
        try await TodayServer(view: self, token: SecretToken()).run(open: open)
    }
}
