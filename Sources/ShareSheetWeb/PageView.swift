import ExtensionUI
import Foundation

/// A view controller's snapshot in the shape the page's script reads: the elements with
/// their identifiers (which the page's actions name), images as `data:` URLs of their own
/// bytes (the page's policy allows `data:` images and nothing else from elsewhere).
struct PageView: Encodable, Sendable {
    struct Element: Encodable, Sendable {
        var id: Int
        /// `heading`, `text`, `caption`, `row`, `image`, `button`, `textField`, `textView`,
        /// `toggle` or `activity`.
        var kind: String
        var text: String?
        var detail: String?
        var placeholder: String?
        /// An image's `data:` URL, when its bytes are a PNG, JPEG, GIF or WebP.
        var image: String?
        var isOn: Bool?
        var enabled: Bool
    }

    var revision: Int
    var title: String?
    var barButtons: [Element]
    var elements: [Element]
    var alert: PageAlert?

    init(_ snapshot: ViewSnapshot) {
        revision = snapshot.revision
        title = snapshot.title
        barButtons = snapshot.barButtons.map(Self.element)
        elements = snapshot.elements.map(Self.element)
        alert = snapshot.alert.map(PageAlert.init)
    }

    private static func element(_ element: ViewSnapshot.Element) -> Element {
        Element(id: element.id, kind: element.kind.rawValue, text: element.text, detail: element.detail, placeholder: element.placeholder,
                image: element.image.flatMap(dataURL), isOn: element.isOn, enabled: element.isEnabled)
    }

    /// A `data:` URL for image bytes of a type every browser draws, by their signature;
    /// `nil` for anything else (the page then shows the label alone).
    static func dataURL(_ data: Data) -> String? {
        let bytes = [UInt8](data.prefix(12))
        let type: String
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { type = "image/png" }
        else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { type = "image/jpeg" }
        else if bytes.starts(with: Array("GIF8".utf8)) { type = "image/gif" }
        else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { type = "image/webp" }
        else { return nil }
        return "data:\(type);base64,\(data.base64EncodedString())"
    }
}

/// A presented alert as the page draws it: a modal dialog with a button per action.
struct PageAlert: Encodable, Sendable {
    struct Action: Encodable, Sendable {
        var title: String
        /// `default`, `cancel` or `destructive`.
        var style: String
        var enabled: Bool
        var preferred: Bool
    }

    struct Field: Encodable, Sendable {
        var text: String
        var placeholder: String?
        var secure: Bool
    }

    var title: String?
    var message: String?
    var actions: [Action]
    var fields: [Field]

    init(_ alert: ViewSnapshot.Alert) {
        title = alert.title
        message = alert.message
        actions = alert.actions.map { Action(title: $0.title, style: $0.style, enabled: $0.isEnabled, preferred: $0.isPreferred) }
        fields = alert.fields.map { Field(text: $0.text, placeholder: $0.placeholder, secure: $0.isSecure) }
    }
}
