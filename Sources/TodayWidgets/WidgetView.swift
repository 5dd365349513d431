import Foundation

/// What a widget shows, declared rather than drawn: text, rows, an image, buttons that
/// open URLs. The host renders it — as lines on a terminal (`appex today`), as HTML in a
/// page — and checks it first (``WidgetView/Limits``).
///
/// ```swift
/// widgetView = WidgetView(
///     .title("Notes"),
///     .row("Groceries", detail: "today 09:12"),
///     .caption("2 more"),
///     .button("Open Notes", url: URL(string: "notes://latest")!))
/// ```
public struct WidgetView: Hashable, Sendable, Codable {
    /// One piece of the view, top to bottom.
    public enum Element: Hashable, Sendable {
        /// A bold line: the widget's heading.
        case title(String)
        /// Body text; it wraps.
        case text(String)
        /// Secondary text, dimmed.
        case caption(String)
        /// A label on the left and its detail on the right (a score, a price, a time).
        case row(String, detail: String)
        /// A picture (PNG or JPEG bytes) with what it shows in words, for hosts that
        /// cannot draw it.
        case image(WidgetImage)
        /// A button; choosing it asks the host to open `url` (under the widget's open-URL
        /// policy, as `extensionContext.open(_:)` would).
        case button(String, url: URL)
        /// A button the widget handles itself (a `UIButton` in its view tree): choosing it
        /// asks the widget's process to tap the view with identifier `id`
        /// (`ViewSnapshot.Element.id`); a disabled one is drawn but cannot be chosen.
        case action(String, id: Int, isEnabled: Bool = true)
        /// A thin line between groups.
        case separator
    }

    /// The elements, top to bottom.
    public var elements: [Element]

    /// A view of `elements`.
    public init(_ elements: [Element] = []) {
        self.elements = elements
    }

    /// A view of `elements`.
    public init(_ elements: Element...) {
        self.elements = elements
    }

    /// The URLs of the view's URL buttons, in order.
    public var buttonURLs: [URL] {
        elements.compactMap { if case .button(_, let url) = $0 { url } else { nil } }
    }

    /// What each of the view's buttons does, URL buttons and the widget's own alike, in
    /// order: a host numbers them from 1 and looks the chosen one up here.
    public var buttons: [ButtonTarget] {
        elements.compactMap { element in
            switch element {
            case .button(let title, let url): ButtonTarget(title: title, choice: .open(url))
            case .action(let title, let id, let isEnabled): ButtonTarget(title: title, choice: .tap(id: id, isEnabled: isEnabled))
            default: nil
            }
        }
    }

    /// One of the view's buttons and what choosing it does.
    public struct ButtonTarget: Hashable, Sendable {
        /// What choosing a button does.
        public enum Choice: Hashable, Sendable {
            /// The host opens this URL under the widget's open-URL policy.
            case open(URL)
            /// The widget's process taps its view with this identifier.
            case tap(id: Int, isEnabled: Bool)
        }

        /// The button's title.
        public var title: String
        /// What choosing it does.
        public var choice: Choice
    }
}

/// A picture in a widget's view.
public struct WidgetImage: Hashable, Sendable, Codable {
    /// The encoded image (PNG or JPEG).
    public var data: Data
    /// What the picture shows, for a host that cannot draw it and for screen readers.
    public var accessibilityLabel: String

    /// An image of `data` described by `accessibilityLabel`.
    public init(data: Data, accessibilityLabel: String) {
        self.data = data
        self.accessibilityLabel = accessibilityLabel
    }
}
