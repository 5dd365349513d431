import Foundation

/// A scripted user of the compose sheet (`appex share --compose-script FILE`): a JSON array
/// of actions, applied in order.
///
/// ```json
/// [{"type": "hello"}, {"tap": "Audience"}, {"choose": "Friends"}, {"back": true},
///  {"replaceText": "hi all"}, {"post": true}]
/// ```
struct ComposeScript {
    /// One thing the user does.
    enum Action: Hashable, Encodable {
        /// Types text at the end of the text view.
        case type(String)
        /// Replaces the whole text.
        case replaceText(String)
        /// Taps the configuration item with this title.
        case tap(String)
        /// Chooses the choice with this title in the pushed list.
        case choose(String)
        case back, post, cancel

        /// The action as the report shows it: `tap "Audience"`.
        var label: String {
            switch self {
            case .type(let text): "type \(text.debugDescription)"
            case .replaceText(let text): "replaceText \(text.debugDescription)"
            case .tap(let title): "tap \(title.debugDescription)"
            case .choose(let title): "choose \(title.debugDescription)"
            case .back: "back"
            case .post: "post"
            case .cancel: "cancel"
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(label)
        }
    }

    /// The actions, in order.
    var actions: [Action]

    /// Reads the script at `path`; the error names the action's index and what was wrong.
    static func load(_ path: String) throws(CommandFailure) -> ComposeScript {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure("cannot read the compose script \(path)")
        }
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw CommandFailure("\(path) is not JSON: \(error.localizedDescription)")
        }
        guard let list = root as? [Any] else {
            throw CommandFailure("\(path): the compose script must be a JSON array of actions")
        }
        return ComposeScript(actions: try list.enumerated().map { index, element throws(CommandFailure) in
            try action(element, at: "\(path)[\(index)]")
        })
    }

    private static func action(_ element: Any, at place: String) throws(CommandFailure) -> Action {
        let expected = #"one of {"type": "text"}, {"replaceText": "text"}, {"tap": "item title"}, {"choose": "choice title"}, {"back": true}, {"post": true}, {"cancel": true}"#
        guard let object = element as? [String: Any], object.count == 1, let (key, value) = object.first else {
            throw CommandFailure("\(place): expected an object with one key, \(expected)")
        }
        switch (key, value) {
        case ("type", let text as String): return .type(text)
        case ("replaceText", let text as String): return .replaceText(text)
        case ("tap", let title as String): return .tap(title)
        case ("choose", let title as String): return .choose(title)
        case ("back", true as Bool): return .back
        case ("post", true as Bool): return .post
        case ("cancel", true as Bool): return .cancel
        default: throw CommandFailure("\(place): \(key.debugDescription) with \(value) is not an action; expected \(expected)")
        }
    }
}
