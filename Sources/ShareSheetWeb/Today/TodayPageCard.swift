import AppExtensions
import ExtensionHost
import Foundation
import TodayWidgets

/// One widget as the dashboard's page draws it: its name, status, mode and view, with
/// each element in a flat record and each image as a `data:` address.
struct TodayPageCard: Encodable, Sendable, Equatable {
    /// One element of the view.
    struct Element: Encodable, Sendable, Equatable {
        /// `title`, `text`, `caption`, `row`, `image`, `button` (opens a URL), `action`
        /// (the widget's own button) or `separator`.
        var kind: String
        var text: String?
        var detail: String?
        /// An image's `data:` address (PNG or JPEG only; anything else is shown by its label).
        var src: String?
        /// A button's number (1, 2, …): the page asks for a button by number, never by URL.
        var number: Int?
        /// A button's URL, shown as its tooltip.
        var url: String?
        /// `false` for a disabled button of the widget's own; absent otherwise.
        var enabled: Bool?
    }

    var index: Int
    var id: String
    var name: String
    /// What the card says beside its name: `updating…`, a failed update's result, `stale`;
    /// empty for a fresh view.
    var status: String
    var stale: Bool
    /// `compact` or `expanded`.
    var mode: String
    /// Whether the widget offers "Show More".
    var canExpand: Bool
    /// The height the card's body may take in its mode, in points (Apple's 110 compact).
    var height: Double
    /// Empty until the widget first shows something.
    var elements: [Element]

    init(index: Int, card: TodayBoard.Card, sizes: WidgetSizes) {
        self.index = index
        id = card.widget.identifier
        name = card.widget.displayName
        status = card.status
        stale = card.stale
        mode = card.mode == .expanded ? "expanded" : "compact"
        canExpand = card.state?.largestAvailableDisplayMode == .expanded
        let preferred = card.state?.preferredContentSize.height ?? 0
        let most = Double(sizes.size(for: card.mode).height)
        height = card.mode == .compact ? WidgetSizes.compactHeight : (preferred > 0 ? min(preferred, most) : most)
        var buttons = 0
        elements = (card.state?.view.elements ?? []).map { element in
            switch element {
            case .title(let text), .text(let text), .caption(let text):
                return Element(kind: element.kind, text: text)
            case .row(let text, let detail):
                return Element(kind: element.kind, text: text, detail: detail)
            case .image(let image):
                return Element(kind: element.kind, text: image.accessibilityLabel, src: Self.dataAddress(of: image.data))
            case .button(let text, let url):
                buttons += 1
                return Element(kind: element.kind, text: text, number: buttons, url: url.absoluteString)
            case .action(let text, _, let isEnabled):
                // Asked for by its number, as a URL button is: the page never names the view.
                buttons += 1
                return Element(kind: element.kind, text: text, number: buttons, enabled: isEnabled ? nil : false)
            case .separator:
                return Element(kind: element.kind)
            }
        }
    }

    /// `data:image/png;base64,…` for PNG bytes, the same for JPEG, else `nil`: the page
    /// draws only the two formats a widget may send.
    static func dataAddress(of data: Data) -> String? {
        let type: String
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            type = "image/png"
        } else if data.starts(with: [0xFF, 0xD8, 0xFF]) {
            type = "image/jpeg"
        } else {
            return nil
        }
        return "data:\(type);base64,\(data.base64EncodedString())"
    }
}
