import ComposeSheet
import ExtensionHost
import Foundation

extension ComposeScript {
    /// The sheet as `--json` shows it after each action.
    struct Sheet: Encodable {
        struct Item: Encodable { var title: String; var value: String?; var pending: Bool }
        struct Pushed: Encodable { var title: String; var choices: [String]?; var selected: Int?; var text: String?; var isOn: Bool? }
        var revision: Int
        var text: String
        var charactersRemaining: Int?
        var postEnabled: Bool
        var items: [Item]
        var pushed: Pushed?

        init(_ state: ComposeSheetState) {
            revision = state.revision
            text = state.contentText
            charactersRemaining = state.charactersRemaining
            postEnabled = state.isPostEnabled
            items = state.items.map { Item(title: $0.title, value: $0.value, pending: $0.valuePending) }
            pushed = state.pushed.map { view in
                switch view.content {
                case .choices(let choices, let selected): Pushed(title: view.title, choices: choices, selected: selected)
                case .textField(let text, _): Pushed(title: view.title, text: text)
                case .toggle(_, let isOn): Pushed(title: view.title, isOn: isOn)
                }
            }
        }
    }

    /// One action and what came of it.
    struct Step: Encodable {
        var action: Action
        /// The sheet after it (unchanged when refused); absent once the run ended.
        var sheet: Sheet?
        /// Why it could not apply.
        var refused: String?
    }

    /// The whole scripted session.
    struct Run: Encodable {
        var initial: Sheet?
        var steps: [Step]
    }

    /// Applies the actions to `session`'s sheet; every action is reported, applied or not.
    func run(on session: ExtensionSession) async -> Run {
        guard let first = await session.composeSheet() else {
            return Run(initial: nil, steps: actions.map { Step(action: $0, refused: "the extension showed no compose sheet") })
        }
        var state = first
        var steps: [Step] = []
        var ended = false
        for action in actions {
            if ended {
                steps.append(Step(action: action, refused: "the request already ended"))
                continue
            }
            let event: ComposeSheetEvent
            switch Self.event(for: action, in: state) {
            case .success(let found): event = found
            case .failure(let reason):
                steps.append(Step(action: action, sheet: Sheet(state), refused: reason.description))
                continue
            }
            guard let reply = await session.send(event) else {
                steps.append(Step(action: action, refused: "the run ended before the extension answered"))
                ended = true
                continue
            }
            state = reply.state
            steps.append(Step(action: action, sheet: Sheet(state), refused: reply.refusal.map { "\($0.code): \($0.message)" }))
            if reply.refusal == nil, action == .post || action == .cancel { ended = true }
        }
        return Run(initial: Sheet(first), steps: steps)
    }

    /// The event for `action` on `state`, or why there is none (a title the sheet lacks).
    static func event(for action: Action, in state: ComposeSheetState) -> Result<ComposeSheetEvent, LookupFailure> {
        switch action {
        case .type(let text): return .success(.textEdited(state.contentText + text))
        case .replaceText(let text): return .success(.textEdited(text))
        case .tap(let title):
            guard let index = state.items.firstIndex(where: { $0.title == title }) else {
                return .failure(LookupFailure("no configuration item is titled \(title.debugDescription) (the sheet has \(state.items.map(\.title)))"))
            }
            return .success(.itemTapped(index))
        case .choose(let title):
            guard case .choices(let choices, _)? = state.pushed?.content else {
                return .failure(LookupFailure("no list of choices is shown"))
            }
            guard let index = choices.firstIndex(of: title) else {
                return .failure(LookupFailure("the list has no choice \(title.debugDescription) (it has \(choices))"))
            }
            return .success(.choiceMade(index))
        case .back: return .success(.back)
        case .post: return .success(.post)
        case .cancel: return .success(.cancel)
        }
    }

    /// A title the sheet does not have.
    struct LookupFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
