import Foundation

/// What a person sees of an extension's controller, as one value: its title, its view
/// tree in reading order, its bar buttons and a presented alert. The host draws it in its
/// own terms and sends back ``ViewAction``s.
///
/// Reading order is UIKit's VoiceOver order as far as a tree without solved layout has
/// one: a stack's arranged views in order, other subviews by their frames (top to bottom,
/// then leading to trailing), in the order added when frames are equal. Hidden views and
/// views of alpha 0 are left out, as are labels without text.
public struct ViewSnapshot: Hashable, Sendable, Codable {
    /// One thing shown.
    public struct Element: Hashable, Sendable, Codable {
        /// What kind of thing it is.
        public enum Kind: String, Hashable, Sendable, Codable {
            /// A label in a bold or large font.
            case heading
            /// A label.
            case text
            /// A label in a small font or a secondary colour.
            case caption
            /// Two labels side by side (a horizontal stack): ``text`` and ``detail``.
            case row
            /// An image view with an image: ``image``, described by ``text``.
            case image
            /// A button (or a bar button): ``text`` is its title.
            case button
            /// A one-line text field: ``text`` and ``placeholder``.
            case textField
            /// A multi-line text view.
            case textView
            /// A switch: ``isOn``, labelled by ``text``.
            case toggle
            /// A spinning activity indicator.
            case activity
        }

        /// The kind.
        public var kind: Kind
        /// The view's identifier within the controller, for ``ViewAction``s.
        public var id: Int
        /// Its text, title or label.
        public var text: String?
        /// A row's right-hand text.
        public var detail: String?
        /// A field's placeholder.
        public var placeholder: String?
        /// An image's encoded bytes, as the file had them.
        public var image: Data?
        /// A switch's state.
        public var isOn: Bool?
        /// Whether it can be acted on.
        public var isEnabled: Bool
        /// The horizontal stack it sits in, if any: elements with the same row sit side by
        /// side (a keyboard's row of keys); `nil` elsewhere.
        public var row: Int?

        /// Creates an element.
        public init(kind: Kind, id: Int, text: String? = nil, detail: String? = nil, placeholder: String? = nil,
                    image: Data? = nil, isOn: Bool? = nil, isEnabled: Bool = true) {
            self.kind = kind
            self.id = id
            self.text = text
            self.detail = detail
            self.placeholder = placeholder
            self.image = image
            self.isOn = isOn
            self.isEnabled = isEnabled
        }
    }

    /// A presented alert or action sheet.
    public struct Alert: Hashable, Sendable, Codable {
        /// One of its buttons.
        public struct Action: Hashable, Sendable, Codable {
            public var title: String
            /// `default`, `cancel` or `destructive`.
            public var style: String
            public var isEnabled: Bool
            /// Whether return chooses it.
            public var isPreferred: Bool

            public init(title: String, style: String, isEnabled: Bool = true, isPreferred: Bool = false) {
                self.title = title
                self.style = style
                self.isEnabled = isEnabled
                self.isPreferred = isPreferred
            }
        }

        /// One of its text fields.
        public struct Field: Hashable, Sendable, Codable {
            public var text: String
            public var placeholder: String?
            public var isSecure: Bool

            public init(text: String, placeholder: String?, isSecure: Bool) {
                self.text = text
                self.placeholder = placeholder
                self.isSecure = isSecure
            }
        }

        public var title: String?
        public var message: String?
        /// `alert` or `actionSheet`.
        public var style: String
        public var actions: [Action]
        public var fields: [Field]

        public init(title: String?, message: String?, style: String, actions: [Action], fields: [Field] = []) {
            self.title = title
            self.message = message
            self.style = style
            self.actions = actions
            self.fields = fields
        }
    }

    /// One higher in every snapshot of a controller.
    public var revision: Int
    /// The visible controller's title (its navigation item's, else its own).
    public var title: String?
    /// The bar buttons (navigation item), left then right.
    public var barButtons: [Element]
    /// The view tree in reading order.
    public var elements: [Element]
    /// The presented alert, if any.
    public var alert: Alert?
    /// The root controller's preferred content size, in points.
    public var preferredWidth: Double
    public var preferredHeight: Double
    /// Misuses of UIKit's API since the last snapshot (a second presentation, …).
    public var misuses: [String]
    /// A keyboard's edits to the document since the last snapshot (``UIInputViewController``).
    public var textEdits: TextEditBatch?

    /// Creates a snapshot.
    public init(revision: Int, title: String?, barButtons: [Element] = [], elements: [Element], alert: Alert? = nil,
                preferredWidth: Double = 0, preferredHeight: Double = 0, misuses: [String] = [],
                textEdits: TextEditBatch? = nil) {
        self.revision = revision
        self.title = title
        self.barButtons = barButtons
        self.elements = elements
        self.alert = alert
        self.preferredWidth = preferredWidth
        self.preferredHeight = preferredHeight
        self.misuses = misuses
        self.textEdits = textEdits
    }
}

/// What the person did in the host's rendering of a ``ViewSnapshot``.
public enum ViewAction: Hashable, Sendable, Codable {
    /// Chose the alert's action at this index.
    case chooseAlertAction(Int)
    /// Typed into the alert's text field at this index.
    case editAlertField(Int, text: String)
    /// Chose the button (or bar button) with this identifier.
    case tap(Int)
    /// Replaced the text of the field or text view with this identifier.
    case edit(Int, text: String)
    /// Set the switch with this identifier.
    case toggle(Int, isOn: Bool)
    /// Pressed a key of their own keyboard (a keyboard extension's ``UIResponder/pressesBegan(_:with:)``);
    /// refused with ``ViewActionError/Code/notHandled`` when no responder took it.
    case press(KeyPress)
}

/// A key of the person's own keyboard, as a host reports it (``UIKey``'s fields).
public struct KeyPress: Hashable, Sendable, Codable {
    /// What it types with the modifiers held.
    public var characters: String
    /// What it types without modifiers other than shift.
    public var charactersIgnoringModifiers: String
    /// The modifiers held (``UIKeyModifierFlags`` raw value).
    public var modifiers: Int
    /// Its USB HID usage (``UIKeyboardHIDUsage`` raw value).
    public var keyCode: Int

    public init(characters: String, charactersIgnoringModifiers: String? = nil, modifiers: UIKeyModifierFlags = [],
                keyCode: UIKeyboardHIDUsage) {
        self.characters = characters
        self.charactersIgnoringModifiers = charactersIgnoringModifiers ?? characters
        self.modifiers = modifiers.rawValue
        self.keyCode = keyCode.rawValue
    }
}
