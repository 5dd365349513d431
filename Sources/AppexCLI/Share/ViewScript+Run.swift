import ExtensionHost
import ExtensionUI
import Foundation

extension ViewScript {
    /// The view as `--json` shows it after each step.
    struct View: Encodable {
        struct Element: Encodable {
            var kind: String
            var text: String?
            var detail: String?
            var placeholder: String?
            var isOn: Bool?
            var enabled: Bool
            /// An image's size in bytes.
            var imageBytes: Int?
        }

        struct Alert: Encodable {
            var title: String?
            var message: String?
            var actions: [String]
            var fields: [String]
        }

        var revision: Int
        var title: String?
        var barButtons: [String]
        var elements: [Element]
        var alert: Alert?

        init(_ snapshot: ViewSnapshot) {
            revision = snapshot.revision
            title = snapshot.title
            barButtons = snapshot.barButtons.map { $0.text ?? "" }
            elements = snapshot.elements.map {
                Element(kind: $0.kind.rawValue, text: $0.text, detail: $0.detail, placeholder: $0.placeholder, isOn: $0.isOn,
                        enabled: $0.isEnabled, imageBytes: $0.image?.count)
            }
            alert = snapshot.alert.map { Alert(title: $0.title, message: $0.message, actions: $0.actions.map(\.title), fields: $0.fields.map(\.text)) }
        }
    }

    /// One step and what came of it.
    struct Step: Encodable {
        var step: String
        /// The view after it (unchanged when refused); absent once the run ended.
        var view: View?
        /// Why it could not apply.
        var refused: String?
    }

    /// The whole scripted session.
    struct Run: Encodable {
        var initial: View?
        var steps: [Step]
    }

    /// Applies the steps to `session`'s view controller; every step is reported, applied or not.
    func run(on session: ExtensionSession) async -> Run {
        guard let first = await session.viewSnapshot() else {
            return Run(initial: nil, steps: steps.map { Step(step: $0.label, refused: "the extension showed no view controller") })
        }
        var shown = first
        var records: [Step] = []
        var ended = false
        for step in steps {
            if ended {
                records.append(Step(step: step.label, refused: "the request already ended"))
                continue
            }
            let action: ViewAction
            switch shown.action(for: step) {
            case .success(let found): action = found
            case .failure(let reason):
                records.append(Step(step: step.label, view: View(shown), refused: reason.description))
                continue
            }
            guard let reply = await session.send(action) else {
                records.append(Step(step: step.label, refused: "the run ended before the extension answered"))
                ended = true
                continue
            }
            if reply.snapshot.revision >= shown.revision { shown = reply.snapshot }
            records.append(Step(step: step.label, view: View(reply.snapshot), refused: reply.refusal.map { "\($0.code): \($0.message)" }))
        }
        return Run(initial: View(first), steps: records)
    }
}
