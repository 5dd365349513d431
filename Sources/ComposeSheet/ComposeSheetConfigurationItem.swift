/// One configuration option of the compose sheet (Apple's `SLComposeSheetConfigurationItem`):
/// an account, a privacy setting, a location.
///
/// The sheet shows the title and the value, and a spinner while `valuePending`; tapping the
/// row calls `tapHandler` on the main actor. The sheet observes the properties, as iOS's
/// base class does: a change inside the handler goes out with the reply to the tap, and a
/// change made later (the value a network call brought, `valuePending` back to `false`)
/// goes out on its own. Call ``ComposeServiceViewController/reloadConfigurationItems()``
/// only when the set of items changes.
@MainActor
public final class ComposeSheetConfigurationItem {
    /// The option's name.
    public var title: String? { didSet { controller?.setNeedsPublish() } }
    /// The option's current setting.
    public var value: String? { didSet { controller?.setNeedsPublish() } }
    /// Whether a spinner shows next to the value (default `false`).
    public var valuePending = false { didSet { controller?.setNeedsPublish() } }
    /// The controller showing the item, told of its changes.
    weak var controller: ComposeServiceViewController?
    /// Called when the user taps the row. It should not strongly capture the item or the
    /// controller (Apple's advice, for the same retain cycle).
    public var tapHandler: (@MainActor () -> Void)?

    /// An item without title or value (Apple's designated initializer).
    public init!() {}
}
