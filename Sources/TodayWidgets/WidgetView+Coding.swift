import Foundation

extension WidgetView.Element: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, text, detail, url, image, id, enabled
    }

    /// The element's kind as it is written (`title`, `row`, `button`…).
    public var kind: String {
        switch self {
        case .title: "title"
        case .text: "text"
        case .caption: "caption"
        case .row: "row"
        case .image: "image"
        case .button: "button"
        case .action: "action"
        case .separator: "separator"
        }
    }

    // Flat records ({"kind": "row", "text": …, "detail": …}) rather than Swift's nested
    // form, so that `appex today --json` and the page read them plainly.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        switch self {
        case .title(let text), .text(let text), .caption(let text):
            try container.encode(text, forKey: .text)
        case .row(let text, let detail):
            try container.encode(text, forKey: .text)
            try container.encode(detail, forKey: .detail)
        case .image(let image):
            try container.encode(image, forKey: .image)
        case .button(let text, let url):
            try container.encode(text, forKey: .text)
            try container.encode(url.absoluteString, forKey: .url)
        case .action(let text, let id, let isEnabled):
            try container.encode(text, forKey: .text)
            try container.encode(id, forKey: .id)
            // Written only when disabled: an enabled button's record is as short as a URL button's.
            if !isEnabled { try container.encode(false, forKey: .enabled) }
        case .separator:
            break
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "title": self = .title(try container.decode(String.self, forKey: .text))
        case "text": self = .text(try container.decode(String.self, forKey: .text))
        case "caption": self = .caption(try container.decode(String.self, forKey: .text))
        case "row": self = .row(try container.decode(String.self, forKey: .text), detail: try container.decode(String.self, forKey: .detail))
        case "image": self = .image(try container.decode(WidgetImage.self, forKey: .image))
        case "button":
            let text = try container.decode(String.self, forKey: .url)
            guard let url = URL(string: text) else {
                throw DecodingError.dataCorruptedError(forKey: .url, in: container, debugDescription: "'\(text)' is not a URL")
            }
            self = .button(try container.decode(String.self, forKey: .text), url: url)
        case "action":
            self = .action(try container.decode(String.self, forKey: .text), id: try container.decode(Int.self, forKey: .id),
                           isEnabled: try container.decodeIfPresent(Bool.self, forKey: .enabled) ?? true)
        case "separator": self = .separator
        default:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "'\(kind)' is not a kind of widget element")
        }
    }
}
