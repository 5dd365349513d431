import ExtensionUI
import Foundation
import Testing

@MainActor
@Suite("The person's actions, sent back")
struct ActionTests {
    @Test("an alert is shown with its actions; choosing one dismisses it, then runs its handler")
    func alert() throws {
        var heard: [String] = []
        let root = UIViewController()
        let host = ViewHost(root: root, context: nil)
        host.present()
        let alert = UIAlertController(title: "Not signed in", message: "Sign in to Notes first.", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in heard.append("cancel") })
        alert.addAction(UIAlertAction(title: "Sign In", style: .default) { [weak root] action in
            heard.append("\(action.title ?? ""), presented: \(root?.presentedViewController != nil)")
        })
        alert.addAction(UIAlertAction(title: "Other cancel", style: .cancel))
        root.present(alert, animated: true)
        let shown = try #require(host.snapshot().alert)
        #expect(shown.title == "Not signed in")
        #expect(shown.message == "Sign in to Notes first.")
        #expect(shown.actions.map(\.title) == ["Cancel", "Sign In"])
        #expect(shown.actions.map(\.style) == ["cancel", "default"])
        #expect(host.currentSnapshot?.misuses.first?.contains("only have one action with a style of .cancel") == true)

        let after = try host.perform(.chooseAlertAction(1))
        #expect(heard == ["Sign In, presented: false"])
        #expect(after.alert == nil)
        #expect(throws: ViewActionError(.noAlert, "no alert is presented")) { try host.perform(.chooseAlertAction(0)) }
    }

    @Test("an alert's text field takes the person's text")
    func alertField() throws {
        let root = UIViewController()
        let host = ViewHost(root: root, context: nil)
        host.present()
        let alert = UIAlertController(title: "Rename", message: nil, preferredStyle: .alert)
        alert.addTextField { $0.placeholder = "Name" }
        var entered: String?
        alert.addAction(UIAlertAction(title: "OK", style: .default) { [weak alert] _ in entered = alert?.textFields?.first?.text })
        root.present(alert, animated: false)
        #expect(host.snapshot().alert?.fields == [.init(text: "", placeholder: "Name", isSecure: false)])
        try host.perform(.editAlertField(0, text: "Trip"))
        try host.perform(.chooseAlertAction(0))
        #expect(entered == "Trip")
    }

    /// An action on a tree of one button, one field, one switch and one label.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let action: @Sendable ([ViewSnapshot.Element]) -> ViewAction
        let error: ViewActionError.Code?
        let heard: [String]
        var testDescription: String { name }
    }

    nonisolated static func id(_ kind: ViewSnapshot.Element.Kind, in elements: [ViewSnapshot.Element]) -> Int {
        elements.first { $0.kind == kind }?.id ?? -1
    }

    nonisolated static let cases: [Case] = [
        Case(name: "a tap runs the button's actions", action: { .tap(id(.button, in: $0)) }, error: nil, heard: ["tapped"]),
        Case(name: "a tap on a label is refused", action: { .tap(id(.text, in: $0)) }, error: .wrongKind, heard: []),
        Case(name: "a tap on an unknown identifier is refused", action: { _ in .tap(9_999) }, error: .noSuchElement, heard: []),
        Case(name: "typing reaches the field's delegate first, then its actions", action: { .edit(id(.textField, in: $0), text: "hi") },
             error: nil, heard: ["should change to hi", "edited hi"]),
        Case(name: "a delegate can refuse the typing", action: { .edit(id(.textField, in: $0), text: "no") },
             error: nil, heard: ["should change to no"]),
        Case(name: "toggling sets the switch and sends valueChanged", action: { .toggle(id(.toggle, in: $0), isOn: true) },
             error: nil, heard: ["switch on"]),
        Case(name: "a disabled button is refused", action: { .tap(id(.button, in: $0) + 100) }, error: .noSuchElement, heard: []),
    ]

    @Test(arguments: cases)
    func act(_ testCase: Case) throws {
        let heard = Heard()
        let delegate = RefusingDelegate(heard: heard)
        let host = ViewHost(root: TreeController { view in
            view.addSubview(label("Title"))
            let button = UIButton(type: .system)
            button.setTitle("Go", for: .normal)
            button.addAction(UIAction { _ in heard.lines.append("tapped") }, for: .touchUpInside)
            let field = UITextField()
            field.delegate = delegate
            field.addAction(UIAction { action in heard.lines.append("edited \((action.sender as? UITextField)?.text ?? "")") }, for: .editingChanged)
            let toggle = UISwitch()
            toggle.addAction(UIAction { action in heard.lines.append("switch \((action.sender as? UISwitch)?.isOn == true ? "on" : "off")") }, for: .valueChanged)
            [button, field, toggle].forEach(view.addSubview)
        }, context: nil)
        let elements = host.present().elements
        let action = testCase.action(elements)
        if let code = testCase.error {
            let error = try #require(throws: ViewActionError.self) { try host.perform(action) }
            #expect(error.code == code)
        } else {
            try host.perform(action)
        }
        #expect(heard.lines == testCase.heard)
    }

    @Test("a disabled button is shown disabled and its tap refused")
    func disabled() throws {
        let button = UIButton(type: .system)
        button.setTitle("Post", for: .normal)
        button.isEnabled = false
        let host = ViewHost(root: TreeController { $0.addSubview(button) }, context: nil)
        let element = try #require(host.present().elements.first)
        #expect(!element.isEnabled)
        let error = try #require(throws: ViewActionError.self) { try host.perform(.tap(element.id)) }
        #expect(error.code == .disabled)
    }

    @Test("bar buttons show beside the title and run their action")
    func barButtons() throws {
        var done = false
        let controller = UIViewController()
        controller.title = "Share"
        controller.navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .done, primaryAction: UIAction { _ in done = true })
        let host = ViewHost(root: controller, context: nil)
        let shown = host.present()
        let button = try #require(shown.barButtons.first)
        #expect(button.text == "Done")
        try host.perform(.tap(button.id))
        #expect(done)
    }
}

@MainActor
final class Heard {
    var lines: [String] = []
}

@MainActor
final class RefusingDelegate: UITextFieldDelegate {
    let heard: Heard
    init(heard: Heard) { self.heard = heard }

    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        heard.lines.append("should change to \(string)")
        return string != "no"
    }
}
