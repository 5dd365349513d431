import Foundation

/// What the dashboard's server tells its page, one JSON object per WebSocket text message;
/// `kind` names it. docs/WIDGETS.md, "The dashboard in a browser", lists them.
enum TodayPageMessage: Encodable, Sendable {
    /// Every card and the status line: the first message, and after a reload.
    case board([TodayPageCard], status: String)
    /// One card changed.
    case card(TodayPageCard)
    /// The status line changed (a button opened, a refusal).
    case status(String)

    private enum CodingKeys: String, CodingKey {
        case kind, cards, card, status
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .board(let cards, let status):
            try container.encode("board", forKey: .kind)
            try container.encode(cards, forKey: .cards)
            try container.encode(status, forKey: .status)
        case .card(let card):
            try container.encode("card", forKey: .kind)
            try container.encode(card, forKey: .card)
        case .status(let status):
            try container.encode("status", forKey: .kind)
            try container.encode(status, forKey: .status)
        }
    }

    /// The message as the page reads it.
    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? #"{"kind":"status","status":"encoding failed"}"#
    }
}

/// What the page asks: `{"kind": "refresh"}`, `{"kind": "mode", "index": 0, "mode":
/// "expanded"}`, `{"kind": "open", "index": 0, "button": 1}`.
struct TodayPageRequest: Decodable, Sendable, Equatable {
    var kind: String
    var index: Int?
    var mode: String?
    var button: Int?
}
