import ExtensionHost
import Foundation

/// A scripted person using an extension's own view controller (`appex share --view-script
/// FILE`): a JSON array of steps, applied in order against the snapshot shown, each naming
/// what it acts on by what the person sees.
///
/// ```json
/// [{"edit": "Note", "text": "hello"}, {"toggle": "Public", "isOn": true},
///  {"tap": "Send"}, {"alert": "Send"}]
/// ```
struct ViewScript {
    /// The steps, in order.
    var steps: [ViewStep]

    static let expected = #"one of {"tap": "button title"}, {"edit": "placeholder", "text": "text"}, {"toggle": "label", "isOn": true}, {"alert": "action title"}, {"alertField": 0, "text": "text"}"#

    /// Reads the script at `path`; the error names the step's index and what was wrong.
    static func load(_ path: String) throws(CommandFailure) -> ViewScript {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure("cannot read the view script \(path)")
        }
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw CommandFailure("\(path) is not JSON: \(error.localizedDescription)")
        }
        guard let list = root as? [Any] else {
            throw CommandFailure("\(path): the view script must be a JSON array of steps")
        }
        return ViewScript(steps: try list.enumerated().map { index, element throws(CommandFailure) in
            try step(element, at: "\(path)[\(index)]")
        })
    }

    private static func step(_ element: Any, at place: String) throws(CommandFailure) -> ViewStep {
        guard let object = element as? [String: Any] else { throw CommandFailure("\(place): expected an object, \(expected)") }
        let text = object["text"] as? String
        switch (object.count, object["tap"], object["edit"], object["toggle"], object["alert"], object["alertField"]) {
        case (1, let title as String, nil, nil, nil, nil): return .tap(title)
        case (2, nil, let field as String, nil, nil, nil) where text != nil: return .edit(field, text: text ?? "")
        case (2, nil, nil, let label as String, nil, nil):
            guard let isOn = object["isOn"] as? Bool else { break }
            return .toggle(label, isOn: isOn)
        case (1, nil, nil, nil, let title as String, nil): return .alert(title)
        case (2, nil, nil, nil, nil, let index as Int) where text != nil: return .alertField(index, text: text ?? "")
        default: break
        }
        // Only how the refused step is quoted: its description when it is not JSON-serialisable.
        let shown = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) } ?? "\(object)"
        throw CommandFailure("\(place): \(shown) is not a step; expected \(expected)")
    }
}
