import ExtensionUI

/// Everything the host needs to draw the compose sheet, as one snapshot.
///
/// The extension sends a full snapshot after presenting the sheet and after every event,
/// with a revision one higher each time; the host draws only the newest revision and
/// enables Post only from a snapshot newer than the user's last edit (docs/COMPOSE.md,
/// "Races").
public struct ComposeSheetState: Hashable, Sendable, Codable {
    /// One configuration item as shown.
    public struct Item: Hashable, Sendable, Codable {
        /// The option's name ("" when the extension gave none).
        public var title: String
        /// Its current setting.
        public var value: String?
        /// Whether a spinner shows.
        public var valuePending: Bool

        /// Creates an item.
        public init(title: String, value: String?, valuePending: Bool) {
            self.title = title
            self.value = value
            self.valuePending = valuePending
        }
    }

    /// A pushed configuration view as shown.
    public struct PushedView: Hashable, Sendable, Codable {
        /// What it shows.
        public enum Content: Hashable, Sendable, Codable {
            case choices([String], selected: Int?)
            case textField(text: String, placeholder: String?)
            case toggle(label: String, isOn: Bool)
        }

        /// The title above it.
        public var title: String
        /// Its content.
        public var content: Content

        /// Creates a pushed view.
        public init(title: String, content: Content) {
            self.title = title
            self.content = content
        }
    }

    /// One higher after every event the extension applied.
    public var revision: Int
    /// The text view's text.
    public var contentText: String
    /// Shown while the text is empty.
    public var placeholder: String?
    /// The counter; `nil` hides it.
    public var charactersRemaining: Int?
    /// What `isContentValid()` said last.
    public var isContentValid: Bool
    /// Whether Post can be chosen.
    public var isPostEnabled: Bool
    /// The configuration items, in order.
    public var items: [Item]
    /// The pushed configuration view, if any.
    public var pushed: PushedView?
    /// The preview of the shared content, if any.
    public var preview: ComposePreview?
    /// Misuses of the sheet's API since the last state (a second push, …).
    public var misuses: [String]
    /// The controller's title, shown as the sheet's (iOS shows the app's name without one).
    public var title: String?
    /// An alert the controller presented, shown over the sheet until an action is chosen.
    public var alert: ViewSnapshot.Alert?

    /// Creates a state.
    public init(revision: Int, contentText: String, placeholder: String?, charactersRemaining: Int?,
                isContentValid: Bool, isPostEnabled: Bool, items: [Item], pushed: PushedView?,
                preview: ComposePreview?, misuses: [String] = [], title: String? = nil, alert: ViewSnapshot.Alert? = nil) {
        self.revision = revision
        self.contentText = contentText
        self.placeholder = placeholder
        self.charactersRemaining = charactersRemaining
        self.isContentValid = isContentValid
        self.isPostEnabled = isPostEnabled
        self.items = items
        self.pushed = pushed
        self.preview = preview
        self.misuses = misuses
        self.title = title
        self.alert = alert
    }
}
