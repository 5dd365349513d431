import Foundation
import TodayWidgets

/// What a widget's state may hold: the host checks each state before it keeps or draws
/// it, and a state over a limit ends the run as a protocol violation.
public struct WidgetLimits: Hashable, Sendable {
    /// The most elements in a view.
    public var maxElements = 64
    /// The most characters in one element's text.
    public var maxTextCharacters = 2_000
    /// The most bytes of all the view's images together.
    public var maxImageBytes = 512 << 10
    /// The most characters of a button's URL.
    public var maxURLCharacters = 2_048
    /// The largest preferred width or height, in points.
    public var maxPreferredSize = 10_000.0

    /// The default limits.
    public init() {}

    /// What is wrong with `state`, or `nil` when it is within the limits.
    public func violation(in state: WidgetState) -> String? {
        let elements = state.view.elements
        if elements.count > maxElements { return "\(elements.count) elements (at most \(maxElements))" }
        var imageBytes = 0
        for (index, element) in elements.enumerated() {
            let texts: [String]
            switch element {
            case .title(let text), .text(let text), .caption(let text): texts = [text]
            case .row(let text, let detail): texts = [text, detail]
            case .image(let image):
                texts = [image.accessibilityLabel]
                imageBytes += image.data.count
            case .button(let text, let url):
                if url.absoluteString.count > maxURLCharacters {
                    return "element \(index)'s URL has \(url.absoluteString.count) characters (at most \(maxURLCharacters))"
                }
                texts = [text]
            case .action(let text, let id, _):
                if id < 0 { return "element \(index)'s button has the identifier \(id) (not negative)" }
                texts = [text]
            case .separator: texts = []
            }
            if let long = texts.first(where: { $0.count > maxTextCharacters }) {
                return "element \(index) (\(element.kind)) has \(long.count) characters of text (at most \(maxTextCharacters))"
            }
        }
        if imageBytes > maxImageBytes { return "\(imageBytes) bytes of images (at most \(maxImageBytes))" }
        let size = state.preferredContentSize
        for (name, value) in [("width", size.width), ("height", size.height)] where !(0...maxPreferredSize).contains(value) {
            return "a preferred \(name) of \(value) points (0 to \(Int(maxPreferredSize)))"
        }
        return nil
    }
}
