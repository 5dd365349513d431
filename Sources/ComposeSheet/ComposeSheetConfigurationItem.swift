/// One configuration option of the compose sheet (Apple's `SLComposeSheetConfigurationItem`):
/// an account, a privacy setting, a location.
///
/// The sheet shows the title and the value, and a spinner while `valuePending`; tapping the
/// row calls `tapHandler` on the main actor. The sheet reads the properties again after
/// every event, so changing `value` inside the handler is enough (as on iOS, where the base
/// class observes them); call ``ComposeServiceViewController/reloadConfigurationItems()``
/// only when the set of items changes.
@MainActor
public final class ComposeSheetConfigurationItem {
    /// The option's name.
    public var title: String?
    /// The option's current setting.
    public var value: String?
    /// Whether a spinner shows next to the value (default `false`).
    public var valuePending = false
    /// Called when the user taps the row. It should not strongly capture the item or the
    /// controller (Apple's advice, for the same retain cycle).
    public var tapHandler: (@MainActor () -> Void)?

    /// An item without title or value (Apple's designated initializer).
    public init() {}
}
