import ExtensionHost
import ExtensionUI
import Foundation

/// What the keyboard panel shows: the keyboard that types and its keys line by line as its
/// view lays them out, or why there are none. Its JSON is the page's one message
/// (docs/KEYBOARDS.md, "The on-screen panel").
public struct KeyboardPanelContent: Hashable, Sendable, Encodable {
    /// One thing of the keyboard's view: a key (a button), or a label shown among the keys.
    public struct Key: Hashable, Sendable, Encodable {
        /// The element's identifier in the keyboard's view: a click taps it.
        public var id: Int
        /// `button`, or the element's other kind (`text`, `caption`, `heading`…), shown as text.
        public var kind: String
        /// Its title.
        public var text: String
        /// Whether it can be tapped.
        public var isEnabled: Bool

        private enum CodingKeys: String, CodingKey {
            case id, kind, text, isEnabled = "enabled"
        }
    }

    /// The number of this showing of a keyboard (a new one each time a keyboard shows): a
    /// page's tap names it, so that a tap meant for a keyboard no longer shown is dropped.
    public var showing: Int?
    /// The keyboard's name; `nil` when none shows.
    public var name: String?
    /// Its view's elements, line by line (``ExtensionUI/ViewSnapshot/lines``).
    public var lines: [[Key]]
    /// Why no keys show, or what happened to the keyboard; empty while it types.
    public var status: String

    /// No keyboard is typing.
    static let idle = KeyboardPanelContent(
        showing: nil, name: nil, lines: [],
        status: "No keyboard is typing: put the cursor in a text field while an Appex keyboard is the input method.")

    /// What `typing`'s keyboard, called `name`, shows now.
    init(showing: Int, name: String, typing: KeyboardTyping) {
        self.showing = showing
        self.name = name
        if let failure = typing.failure {
            (lines, status) = ([], failure)
        } else if typing.isSecure {
            (lines, status) = ([], "A secure field: \(name) is out of the way, as iOS puts the system keyboard up for passwords. Keys go straight to the app.")
        } else if let view = typing.shown {
            lines = view.lines.map { line in
                line.compactMap { element in
                    let text = element.text ?? element.placeholder ?? ""
                    guard !text.isEmpty else { return nil }
                    return Key(id: element.id, kind: element.kind.rawValue, text: text, isEnabled: element.isEnabled && element.kind == .button)
                }
            }.filter { !$0.isEmpty }
            status = ""
        } else {
            (lines, status) = ([], "\(name) is starting: keys go to the app until it shows.")
        }
    }

    init(showing: Int?, name: String?, lines: [[Key]], status: String) {
        self.showing = showing
        self.name = name
        self.lines = lines
        self.status = status
    }

    /// The content as the page reads it.
    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings, integers and booleans always encode; the fallback is still a message the
        // page draws, saying so, rather than none.
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? #"{"lines":[],"status":"encoding failed"}"#
    }
}

/// What the page asks: `{"showing": 3, "tap": 12}` taps the key 12 of showing 3.
struct KeyboardPanelRequest: Decodable, Sendable, Equatable {
    var showing: Int
    var tap: Int
}
