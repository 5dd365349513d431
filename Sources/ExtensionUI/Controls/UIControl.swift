import Foundation

/// A view people act on — a button, a switch, a text field: UIKit's `UIControl`, with
/// actions given as closures (``UIAction``).
///
/// UIKit's target–action form, `addTarget(_:action:for:)`, takes an Objective-C selector,
/// which Swift on Linux cannot make; `addAction(_:for:)` (iOS 14) is the form that ports
/// (docs/PORTING.md). A host sends a control's events when the person acts in its own UI.
@MainActor
open class UIControl: UIView {
    /// The events a control sends: UIKit's `UIControl.Event`.
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// A control's state: UIKit's `UIControl.State`.
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let normal: State = []
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
    }

    private var actions: [(action: UIAction, events: Event)] = []

    /// Whether the control accepts actions; a host shows a disabled one but offers no action.
    open var isEnabled = true { didSet { if isEnabled != oldValue { setNeedsDisplayChange() } } }
    /// Whether the control is selected.
    open var isSelected = false
    /// Whether the control is highlighted.
    open var isHighlighted = false
    /// The control's state.
    open var state: State {
        var state: State = []
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        if isHighlighted { state.insert(.highlighted) }
        return state
    }

    /// Runs `action` when any of `controlEvents` happens.
    open func addAction(_ action: UIAction, for controlEvents: Event) {
        actions.append((action, controlEvents))
    }

    /// Stops running `action` for `controlEvents`.
    open func removeAction(_ action: UIAction, for controlEvents: Event) {
        actions.removeAll { $0.action === action && !$0.events.isDisjoint(with: controlEvents) }
    }

    /// Sends `controlEvents`: runs every action added for one of them, in the order added.
    /// A disabled control sends nothing.
    open func sendActions(for controlEvents: Event) {
        guard isEnabled else { return }
        for (action, events) in actions where !events.isDisjoint(with: controlEvents) {
            action.handler(action, sender: self)
        }
    }

    /// Whether any action is added for one of `controlEvents`.
    func hasActions(for controlEvents: Event) -> Bool {
        actions.contains { !$0.events.isDisjoint(with: controlEvents) }
    }
}

/// A closure a control runs: UIKit's `UIAction` (iOS 14).
@MainActor
public final class UIAction: NSObject {
    /// The closure's type.
    public typealias ActionHandler = @MainActor (UIAction) -> Void

    /// The action's title (a button made with `UIButton(primaryAction:)` shows it).
    public var title: String
    /// The action's image.
    public var image: UIImage?
    /// An identifier.
    public let identifier: String
    private let body: ActionHandler
    /// The control that sent the action last.
    public private(set) weak var sender: AnyObject?

    /// An action titled `title` that runs `handler`.
    public init(title: String = "", image: UIImage? = nil, identifier: String? = nil, handler: @escaping ActionHandler) {
        self.title = title
        self.image = image
        self.identifier = identifier ?? UUID().uuidString
        body = handler
    }

    func handler(_ action: UIAction, sender: AnyObject) {
        self.sender = sender
        body(action)
    }
}
