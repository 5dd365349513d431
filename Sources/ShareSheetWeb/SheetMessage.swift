import ComposeSheet

/// What the server tells the page, as one JSON object per WebSocket text message; `kind`
/// names it. docs/SHARE-SHEET.md lists them.
enum SheetMessage: Encodable, Sendable {
    /// The share: what is shared, the eligible extensions in the user's order, the others
    /// with their reasons.
    case share(SheetShare)
    /// The user chose an extension; it is starting (or running, without a sheet). With
    /// the address of its own interface when it has one.
    case running(id: String, name: String, interface: String?)
    /// The chosen extension's compose sheet, now; with the refusal of the user's last
    /// action when it could not apply.
    case sheet(PageSheet, refusal: String?)
    /// The chosen extension's own view controller, now; with the refusal of the user's
    /// last action when it could not apply.
    case view(PageView, refusal: String?)
    /// The run is over.
    case outcome(SheetOutcome)
    /// The running extension posted a message for its interface (JSON text).
    case interface(String)
    /// A host action asks the page to put this text on the clipboard (the page's
    /// clipboard is the person's session's); the page answers with a `pasteboard` request.
    case pasteboard(String)
    /// Something the page asked for could not be done.
    case problem(String)

    private enum CodingKeys: String, CodingKey {
        case kind, share, id, name, sheet, view, refusal, outcome, message, interface, text
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .share(let share):
            try container.encode("share", forKey: .kind)
            try container.encode(share, forKey: .share)
        case .running(let id, let name, let interface):
            try container.encode("running", forKey: .kind)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encodeIfPresent(interface, forKey: .interface)
        case .pasteboard(let text):
            try container.encode("pasteboard", forKey: .kind)
            try container.encode(text, forKey: .text)
        case .interface(let json):
            try container.encode("interface", forKey: .kind)
            try container.encode(json, forKey: .message)
        case .sheet(let sheet, let refusal):
            try container.encode("sheet", forKey: .kind)
            try container.encode(sheet, forKey: .sheet)
            try container.encodeIfPresent(refusal, forKey: .refusal)
        case .view(let view, let refusal):
            try container.encode("view", forKey: .kind)
            try container.encode(view, forKey: .view)
            try container.encodeIfPresent(refusal, forKey: .refusal)
        case .outcome(let outcome):
            try container.encode("outcome", forKey: .kind)
            try container.encode(outcome, forKey: .outcome)
        case .problem(let message):
            try container.encode("problem", forKey: .kind)
            try container.encode(message, forKey: .message)
        }
    }
}

/// The share as the page shows it before a choice.
struct SheetShare: Encodable, Sendable {
    /// One shared attachment.
    struct Item: Encodable, Sendable {
        var name: String
        /// For a text or a URL: the text's first line or the URL.
        var detail: String?
        var types: [String]
        /// `image`, `url`, `text` or `file`: how the page draws it.
        var kind: String
        /// The thumbnail's path under the share's root, for images that have one.
        var thumbnail: String?
    }

    /// One extension the user may choose.
    struct Candidate: Encodable, Sendable {
        var id: String
        var name: String
        /// The icon's path under the share's root.
        var icon: String
    }

    /// One extension left out, and why.
    struct Excluded: Encodable, Sendable {
        var id: String
        var name: String
        var reason: String
        /// `disabled-by-user`, `activation-rule` or `excluded-by-host`.
        var cause: String
        var icon: String
    }

    /// One of the host's own actions.
    struct Activity: Encodable, Sendable {
        var id: String
        var title: String
        var symbol: String
        /// The folder to suggest, for an action that asks for one.
        var folder: String?
    }

    var point: String
    var items: [Item]
    var eligible: [Candidate]
    var excluded: [Excluded]
    var activities: [Activity]
    /// Whether the page may reorder the eligible extensions (the host stores the order).
    var canReorder: Bool
    /// Whether the page may switch extensions on and off (the host stores the switch).
    var canSwitch: Bool
}

/// How the run ended, in words.
struct SheetOutcome: Encodable, Sendable {
    var id: String
    var name: String
    /// `completed`, `cancelled` or `failed`.
    var outcome: String
    /// The error, in words, when it did not complete.
    var message: String?
    /// The returned items' texts and attachments, one line each.
    var items: [String]
}
