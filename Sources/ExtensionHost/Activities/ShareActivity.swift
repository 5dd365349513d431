import AppExtensions
import Foundation

/// An action of the host's own, offered next to the extensions, as Apple's
/// `applicationActivities` (`UIActivity`) and Android's chooser initial intents.
///
/// ```swift
/// let copy = ShareActivity(activityType: "appex.copy", title: "Copy", symbol: "❐") { request in
///     try await request.pasteboard.setString(…)
///     return ShareActivity.Result(message: "Copied.")
/// }
/// ```
///
/// The sheet shows each activity whose ``canPerform`` accepts the items; when the person
/// chooses one, the sheet asks for its ``input`` first (a folder, say), then calls
/// ``perform``. How it went is a ``ShareCompletion``, as an extension's run is.
public struct ShareActivity: Sendable {
    /// What the activity asks the person before it runs.
    public enum Input: Sendable, Hashable {
        /// A folder; the sheet suggests `suggested` (a path).
        case folder(suggested: String)
    }

    /// What the activity did.
    public struct Result: Sendable {
        /// One line for the person ("Saved 2 files to ~/Downloads").
        public var message: String
        /// What it made, reported to the host as returned items (saved files' URLs, say).
        public var returnedItems: [ExtensionItem]

        /// A result saying `message`, returning `returnedItems`.
        public init(message: String, returnedItems: [ExtensionItem] = []) {
            self.message = message
            self.returnedItems = returnedItems
        }
    }

    /// The activity's identifier (`UIActivity.ActivityType`), reported in the completion.
    public var activityType: String
    /// The title under its icon.
    public var title: String
    /// One character drawn as its icon (pick one common fonts have: DejaVu draws ❐ and ↓).
    public var symbol: String
    /// What to ask the person before ``perform`` runs, if anything.
    public var input: Input?
    /// Whether the activity applies to the shared items (`canPerform(withActivityItems:)`).
    public var canPerform: @Sendable ([ExtensionItem]) -> Bool
    /// Does the work; an error is reported as the activity's failure, in its words.
    public var perform: @Sendable (ShareActivityRequest) async throws -> Result

    /// An activity; by default it applies to every share.
    public init(activityType: String, title: String, symbol: String, input: Input? = nil,
                canPerform: @escaping @Sendable ([ExtensionItem]) -> Bool = { _ in true },
                perform: @escaping @Sendable (ShareActivityRequest) async throws -> Result) {
        self.activityType = activityType
        self.title = title
        self.symbol = symbol
        self.input = input
        self.canPerform = canPerform
        self.perform = perform
    }
}

/// What a ``ShareActivity`` is given when the person chooses it.
public struct ShareActivityRequest: Sendable {
    /// The shared items.
    public var items: [ExtensionItem]
    /// The folder the person chose, for an activity whose input is a folder.
    public var folder: URL?
    /// The clipboard of the person's session, as the sheet reaches it.
    public var pasteboard: SharePasteboard

    /// A request for `items`.
    public init(items: [ExtensionItem], folder: URL? = nil, pasteboard: SharePasteboard) {
        self.items = items
        self.folder = folder
        self.pasteboard = pasteboard
    }
}

/// The clipboard as the sheet reaches it (`UIPasteboard.general`): a web sheet writes
/// through its page, a terminal sheet through the terminal.
public struct SharePasteboard: Sendable {
    /// Puts `string` on the clipboard; throws when it could not.
    public var setString: @Sendable (String) async throws -> Void

    /// A pasteboard that writes with `setString`.
    public init(setString: @escaping @Sendable (String) async throws -> Void) {
        self.setString = setString
    }
}
