import ExtensionUI

/// What the terminal shows of a view controller: the newest snapshot, where the keyboard
/// is, the text typed into each field, and the last refusal; and what a key does.
struct TerminalViewState {
    /// Where the keyboard is: an element or bar button (by identifier), or in the alert.
    enum Focus: Hashable {
        case element(Int)
        case alertField(Int)
        case alertAction(Int)
    }

    /// What a key asks for.
    enum Command: Equatable {
        case none
        case move(Focus)
        case act(ViewAction)
        /// The host ends the request (nothing in the view cancels it).
        case endRequest
    }

    private(set) var shown: ViewSnapshot
    /// Where the keyboard is in the view (kept while an alert is up).
    private(set) var viewFocus: Focus?
    /// Where the keyboard is in the alert.
    private(set) var alertFocus: Focus?
    /// What the person typed into each field, by identifier (a secure field shows dots).
    private var typed: [Int: String] = [:]
    /// The last refusal, in words.
    var status: String?

    init(shown: ViewSnapshot) {
        self.shown = shown
        viewFocus = Self.viewStops(shown).first
        if shown.alert != nil { alertFocus = Self.alertStops(shown).first }
    }

    /// The focus now.
    var focus: Focus? { shown.alert != nil ? alertFocus : viewFocus }

    /// Shows `snapshot` if it is newer than the one shown; whether it was.
    @discardableResult
    mutating func show(_ snapshot: ViewSnapshot) -> Bool {
        guard snapshot.revision > shown.revision else { return false }
        let alertAppeared = shown.alert == nil && snapshot.alert != nil
        // What was typed into an alert's fields goes with the alert.
        if alertAppeared || snapshot.alert == nil { typed = typed.filter { $0.key >= 0 } }
        shown = snapshot
        let stops = Self.viewStops(snapshot)
        if viewFocus.map({ !stops.contains($0) }) ?? true { viewFocus = stops.first }
        if let alert = snapshot.alert {
            if alertAppeared || alertFocus.map({ !Self.alertStops(snapshot).contains($0) }) ?? true {
                // The preferred action first, as return would choose it; a field before it.
                alertFocus = alert.fields.isEmpty ? alert.actions.firstIndex(where: \.isPreferred).map { .alertAction($0) } ?? Self.alertStops(snapshot).first
                    : .alertField(0)
            }
        } else {
            alertFocus = nil
        }
        return true
    }

    mutating func focus(_ focus: Focus) {
        if shown.alert != nil { alertFocus = focus } else { viewFocus = focus }
    }

    /// The element with identifier `id` (bar buttons included).
    func element(_ id: Int) -> ViewSnapshot.Element? {
        (shown.barButtons + shown.elements).first { $0.id == id }
    }

    /// The numbered buttons of the view, in order (1–9 tap them).
    var numberedButtons: [ViewSnapshot.Element] {
        Array(shown.elements.filter { $0.kind == .button }.prefix(9))
    }

    /// What `key` does now.
    func command(for key: TerminalKey) -> Command {
        shown.alert.map { alertCommand(for: key, alert: $0) } ?? viewCommand(for: key)
    }

    /// The field's text as the person typed it (the snapshot's, before any typing).
    func text(of id: Int) -> String {
        typed[id] ?? element(id)?.text ?? ""
    }

    /// Records an edit the person made, so that the next keystroke builds on it.
    mutating func record(_ action: ViewAction) {
        if case .edit(let id, let text) = action { typed[id] = text }
        if case .editAlertField(let index, let text) = action { typed[-1 - index] = text }
    }

    /// The alert field's text as typed.
    func alertText(_ index: Int) -> String {
        typed[-1 - index] ?? shown.alert.flatMap { $0.fields.indices.contains(index) ? $0.fields[index].text : nil } ?? ""
    }

    private func viewCommand(for key: TerminalKey) -> Command {
        let stops = Self.viewStops(shown)
        let focused: ViewSnapshot.Element? = if case .element(let id)? = viewFocus { element(id) } else { nil }
        switch key {
        case .tab, .down: return move(in: stops, by: 1)
        case .up: return move(in: stops, by: -1)
        case .escape, .interrupt, .end:
            if let cancel = shown.barButtons.first(where: { $0.text == "Cancel" }) { return .act(.tap(cancel.id)) }
            return .endRequest
        default: break
        }
        guard let focused else { return digit(key) }
        switch (focused.kind, key) {
        case (.textField, .text(let text)), (.textView, .text(let text)):
            return .act(.edit(focused.id, text: self.text(of: focused.id) + text))
        case (.textField, .backspace), (.textView, .backspace):
            return .act(.edit(focused.id, text: String(self.text(of: focused.id).dropLast())))
        case (.textView, .enter):
            return .act(.edit(focused.id, text: self.text(of: focused.id) + "\n"))
        case (.textField, .enter):
            return move(in: stops, by: 1)
        case (.button, .enter), (.button, .text(" ")):
            return .act(.tap(focused.id))
        case (.toggle, .enter), (.toggle, .text(" ")):
            return .act(.toggle(focused.id, isOn: !(focused.isOn ?? false)))
        default:
            return digit(key)
        }
    }

    /// 1–9 tap the numbered buttons.
    private func digit(_ key: TerminalKey) -> Command {
        guard case .text(let text) = key, let number = Int(text), (1...numberedButtons.count).contains(number) else { return .none }
        return .act(.tap(numberedButtons[number - 1].id))
    }

    private func alertCommand(for key: TerminalKey, alert: ViewSnapshot.Alert) -> Command {
        let stops = Self.alertStops(shown)
        switch (alertFocus, key) {
        case (_, .tab), (_, .down): return move(in: stops, by: 1)
        case (_, .up): return move(in: stops, by: -1)
        case (_, .escape), (_, .interrupt), (_, .end):
            if let cancel = alert.actions.firstIndex(where: { $0.style == "cancel" }) { return .act(.chooseAlertAction(cancel)) }
            return .none
        case (.alertField(let index)?, .text(let text)):
            return .act(.editAlertField(index, text: alertText(index) + text))
        case (.alertField(let index)?, .backspace):
            return .act(.editAlertField(index, text: String(alertText(index).dropLast())))
        case (.alertField, .enter):
            if let preferred = alert.actions.firstIndex(where: \.isPreferred) { return .act(.chooseAlertAction(preferred)) }
            return move(in: stops, by: 1)
        case (.alertAction(let index)?, .enter), (.alertAction(let index)?, .text(" ")):
            return .act(.chooseAlertAction(index))
        case (_, .text(let text)):
            guard let number = Int(text), alert.actions.indices.contains(number - 1) else { return .none }
            return .act(.chooseAlertAction(number - 1))
        default:
            return .none
        }
    }

    private func move(in stops: [Focus], by step: Int) -> Command {
        guard !stops.isEmpty else { return .none }
        let index = focus.flatMap { stops.firstIndex(of: $0) } ?? -step
        return .move(stops[(index + step + stops.count) % stops.count])
    }

    /// The view's stops: its buttons, fields and switches in reading order, then the bar
    /// buttons (the keyboard starts in the view, not on Cancel).
    static func viewStops(_ snapshot: ViewSnapshot) -> [Focus] {
        let interactive: Set<ViewSnapshot.Element.Kind> = [.button, .textField, .textView, .toggle]
        return (snapshot.elements.filter { interactive.contains($0.kind) } + snapshot.barButtons).map { .element($0.id) }
    }

    /// The alert's stops: its fields, then its actions.
    static func alertStops(_ snapshot: ViewSnapshot) -> [Focus] {
        guard let alert = snapshot.alert else { return [] }
        return alert.fields.indices.map { .alertField($0) } + alert.actions.indices.map { .alertAction($0) }
    }
}
