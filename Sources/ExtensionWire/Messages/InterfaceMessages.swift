/// One message between an extension's own interface (its web page, shown by the host) and
/// the extension process, both ways: the page's JSON, passed on unchanged.
///
/// Kind 72 (`interface-post`) goes from the extension to its page, kind 73
/// (`interface-event`) from the page to the extension. The host relays; it never
/// interprets the JSON beyond checking that it is JSON.
package struct InterfaceMessage: Codable, Hashable, Sendable {
    /// The message as JSON text.
    package var json: String

    /// The most bytes of JSON one message may carry (the page's images as data URLs fit;
    /// a frame is at most 16 MiB).
    package static let maxBytes = 8 << 20

    /// Creates a message.
    package init(json: String) {
        self.json = json
    }
}
