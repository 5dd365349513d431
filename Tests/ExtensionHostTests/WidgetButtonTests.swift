import AppExtensions
import ExtensionHost
import ExtensionManifest
import ExtensionTesting
import ExtensionUI
import Foundation
import HostTestSupport
import Testing
import TodayWidgets

/// A widget written as on iOS — labels and `UIButton`s in a stack — shows its buttons as
/// `.action` elements, and a tap runs the button's `UIAction` in the widget: one body, in
/// this process and in the fixture's sandboxed process (`widget-tap` on the wire).
@Suite("Widget buttons")
struct WidgetButtonTests {
    /// Counts its taps; a hidden and a disabled button beside the one that counts. The
    /// in-process twin of the fixture's `FixtureButtonWidget`.
    final class TappingWidget: UIViewController, WidgetProviding {
        let count = UILabel()
        let hidden = UIButton(type: .system)
        let disabled = UIButton(type: .system)
        var taps = 0

        override func viewDidLoad() {
            super.viewDidLoad()
            let title = UILabel()
            title.font = .boldSystemFont(ofSize: 17)
            title.text = "Counter"
            let add = UIButton(type: .system, primaryAction: UIAction(title: "Add one") { [unowned self] _ in
                // The button lives in this controller's view: its action never outlives it.
                taps += 1
                count.text = "\(taps) taps"
            })
            hidden.setTitle("Hidden", for: .normal)
            hidden.isHidden = true
            disabled.setTitle("Reset", for: .normal)
            disabled.isEnabled = false
            let stack = UIStackView(arrangedSubviews: [title, count, add, hidden, disabled])
            stack.axis = .vertical
            view.addSubview(stack)
        }

        func widgetPerformUpdate(completionHandler: @escaping @Sendable (WidgetUpdateResult) -> Void) {
            count.text = "\(taps) taps"
            completionHandler(.newData)
        }
    }

    /// A tap on a button that is not (or no longer) there, and what the widget says.
    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        /// Which element to tap, from the first state's view.
        let pick: @Sendable ([WidgetView.Element]) -> Int?
        let expected: WidgetStep.Kind
    }

    static func id(of title: String) -> @Sendable ([WidgetView.Element]) -> Int? {
        { elements in
            elements.lazy.compactMap { if case .action(title, let id, _) = $0 { id } else { nil } }.first
        }
    }

    static let cases: [Case] = [
        Case(testDescription: "the enabled button runs its action", pick: id(of: "Add one"), expected: .redrawn),
        Case(testDescription: "a disabled button is refused", pick: id(of: "Reset"), expected: .refused("disabled")),
        Case(testDescription: "an identifier nothing has is refused", pick: { _ in 9_999 }, expected: .refused("no-such-element")),
    ]

    /// The runner of `kind` (in this process, or the fixture in a child process), with
    /// what to remove after it.
    static func runner(_ kind: ParityRunner) throws -> (runner: any WidgetRunner, remove: @Sendable () -> Void) {
        switch kind {
        case .inProcess:
            return (InProcessWidgetRunner { TappingWidget() }, {})
        case .childProcess(let sandbox):
            try requireSandbox(sandbox)
            let fixture = try FixtureInstallation.make(point: ExtensionPoint.widget, identifier: "com.example.fixture.ButtonWidget")
            return (ChildProcessWidgetRunner(fixture.installed, options: FixtureInstallation.options("view-controller", sandbox: sandbox)),
                    { fixture.remove() })
        }
    }

    @Test("the view shows the buttons, hidden ones left out and disabled ones marked", arguments: ParityRunner.all)
    func shown(_ kind: ParityRunner) async throws {
        let (runner, remove) = try Self.runner(kind)
        defer { remove() }
        let steps = await runner.show([.update(.compact)])
        let state = try #require(steps.first?.state, "\(steps)")
        let elements = state.view.elements
        try #require(elements.count == 4, "\(elements)")
        #expect(elements[0] == .title("Counter"))
        #expect(elements[1] == .text("0 taps"))
        #expect(elements[2].kind == "action" && elements[3].kind == "action")
        #expect(state.view.buttons.map(\.title) == ["Add one", "Reset"])
        let enabled = state.view.buttons.map { button -> Bool? in if case .tap(_, let isEnabled) = button.choice { isEnabled } else { nil } }
        #expect(enabled == [true, false])
        #expect(WidgetLimits().violation(in: state) == nil)
    }

    @Test("a tap", arguments: ParityRunner.all, cases)
    func tap(_ kind: ParityRunner, _ test: Case) async throws {
        let (runner, remove) = try Self.runner(kind)
        defer { remove() }
        // A first run shows the view the tap is chosen from; a new controller (a new
        // process) gives its views the same identifiers, in the same order.
        let first = await runner.show([.update(.compact)])
        let elements = try #require(first.first?.state?.view.elements, "\(first)")
        let id = try #require(test.pick(elements), "no element to tap in \(elements)")
        let steps = await runner.show([.update(.compact), .tap(id), .update(.compact)])
        try #require(steps.count == 3, "\(steps)")
        #expect(steps[1].kind == test.expected, "\(steps[1])")
        let taps = test.expected == .redrawn ? 1 : 0
        if test.expected == .redrawn { #expect(steps[1].state?.view.elements[1] == .text("1 taps"), "the redraw shows what the tap did") }
        #expect(steps[2].state?.view.elements[1] == .text("\(taps) taps"), "the next update sees what the tap did")
    }

    @Test("an action element is written as a flat record, enabled left out unless false")
    func coding() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let view = WidgetView(.action("Open Notes", id: 7), .action("Reset", id: 8, isEnabled: false))
        let json = String(decoding: try encoder.encode(view), as: UTF8.self)
        #expect(json == #"{"elements":[{"id":7,"kind":"action","text":"Open Notes"},{"enabled":false,"id":8,"kind":"action","text":"Reset"}]}"#)
        #expect(try JSONDecoder().decode(WidgetView.self, from: Data(json.utf8)) == view)
    }
}

extension WidgetStep {
    /// A step's shape without its state, for a table's expectations.
    enum Kind: Hashable, Sendable {
        case updated, redrawn, refused(String), ended
    }

    var kind: Kind {
        switch self {
        case .updated: .updated
        case .redrawn: .redrawn
        case .refused(let code): .refused(code)
        case .ended: .ended
        }
    }
}
