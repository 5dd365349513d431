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

    /// The URLs of the view's buttons, in order.
    public var buttonURLs: [URL] {
        elements.compactMap { if case .button(_, let url) = $0 { url } else { nil } }
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
