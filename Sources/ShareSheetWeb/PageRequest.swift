import ComposeSheet
import ExtensionUI

/// What the page asks of the server: one JSON object per WebSocket text message.
struct PageRequest: Decodable, Sendable {
    /// `choose` (an extension), `activity` (a host action `id`, its folder in `text`),
    /// `event` (a compose-sheet action), `view` (a view-controller action), `interface` (a message from the extension's page, its JSON in `text`),
    /// `pasteboard` (whether the clipboard took the text: `isOn`, the error in `text`),
    /// `stop` (end the running extension), `reorder`, `enable` (`id`, `isOn`) or `dismiss`.
    var kind: String
    /// The extension chosen (`choose`).
    var id: String?
    /// The compose-sheet action (`event`): `text`, `tap`, `choose`, `field`, `switch`,
    /// `back`, `post`, `cancel`, `alert` (an alert's action, `index`), `alertField`
    /// (`index`, `text`). The view-controller action (`view`): `tap` (`index`: the element's
    /// identifier), `edit` (`index`, `text`), `toggle` (`index`, `isOn`), `alert`, `alertField`.
    var type: String?
    var text: String?
    var index: Int?
    var isOn: Bool?
    /// The new order of the eligible extensions (`reorder`).
    var ids: [String]?

    /// The compose-sheet event this request names, or why it names none.
    func composeEvent() -> Result<ComposeSheetEvent, PageRequestError> {
        switch type {
        case "text": text.map { .success(.textEdited($0)) } ?? .failure(.init("a text event needs text"))
        case "tap": index.map { .success(.itemTapped($0)) } ?? .failure(.init("a tap needs the item's index"))
        case "choose": index.map { .success(.choiceMade($0)) } ?? .failure(.init("a choice needs its index"))
        case "field": text.map { .success(.fieldEdited($0)) } ?? .failure(.init("a field event needs text"))
        case "switch": isOn.map { .success(.switchToggled($0)) } ?? .failure(.init("a switch event needs isOn"))
        case "back": .success(.back)
        case "post": .success(.post)
        case "cancel": .success(.cancel)
        case "alert": index.map { .success(.alertAction($0)) } ?? .failure(.init("an alert action needs its index"))
        case "alertField":
            if let index, let text { .success(.alertFieldEdited(index, text: text)) } else { .failure(.init("an alert field needs its index and text")) }
        default: .failure(.init("\(type.map { "\"\($0)\"" } ?? "no type") is not a compose-sheet action"))
        }
    }

    /// The view-controller action this request names, or why it names none.
    func viewAction() -> Result<ViewAction, PageRequestError> {
        switch (type, index) {
        case ("tap", let id?): .success(.tap(id))
        case ("edit", let id?): text.map { .success(.edit(id, text: $0)) } ?? .failure(.init("an edit needs text"))
        case ("toggle", let id?): isOn.map { .success(.toggle(id, isOn: $0)) } ?? .failure(.init("a switch needs isOn"))
        case ("alert", let index?): .success(.chooseAlertAction(index))
        case ("alertField", let index?): text.map { .success(.editAlertField(index, text: $0)) } ?? .failure(.init("an alert field needs text"))
        case (_, nil): .failure(.init("a view action needs the element's identifier or the alert's index"))
        default: .failure(.init("\(type.map { "\"\($0)\"" } ?? "no type") is not a view-controller action"))
        }
    }
}

/// A request the page should not have sent; the message says what was wrong.
struct PageRequestError: Error, Sendable {
    var message: String
    init(_ message: String) { self.message = message }
}
