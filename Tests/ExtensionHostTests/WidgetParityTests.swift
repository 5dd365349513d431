import AppExtensions
import ExtensionHost
import ExtensionManifest
import ExtensionTesting
import Foundation
import HostTestSupport
import Testing
import TodayWidgets

/// The same Today widget test body against an in-process widget and the sandboxed child
/// process: Apple's update, Show More and Show Less, a second update in the mode shown, and
/// an update that never completes.
@Suite("Widget parity")
struct WidgetParityTests {
    /// The in-process twin of the fixture's widget (`echo`, `never-complete`).
    final class CountingWidget: WidgetViewController, WidgetProviding {
        let completes: Bool
        let button: URL
        var updates = 0

        init(button: URL, completes: Bool = true) {
            self.button = button
            self.completes = completes
            super.init(nibName: nil, bundle: nil)
        }

        required init?(coder: NSCoder) {
            nil
        }

        override func viewDidLoad() {
            extensionContext?.widgetLargestAvailableDisplayMode = .expanded
        }

        func widgetPerformUpdate(completionHandler: @escaping @Sendable (WidgetUpdateResult) -> Void) {
            // `never-complete`'s twin keeps the handler and never calls it.
            if completes {
                updates += 1
                render()
                completionHandler(.newData)
            }
        }

        func widgetActiveDisplayModeDidChange(_ activeDisplayMode: WidgetDisplayMode, withMaximumSize maxSize: CGSize) {
            preferredContentSize = activeDisplayMode == .compact ? maxSize : CGSize(width: maxSize.width, height: 220)
            render()
        }

        private func render() {
            let mode = extensionContext?.widgetActiveDisplayMode ?? .compact
            var elements: [WidgetView.Element] = [.title("Fixture"), .row("update", detail: "\(updates)"), .row("mode", detail: mode.name)]
            if mode == .expanded { elements.append(.caption("more rows for the expanded mode")) }
            elements.append(.button("Open", url: button))
            widgetView = WidgetView(elements)
        }
    }

    /// The fixture widget's button.
    static func button() throws -> URL {
        try #require(URL(string: "fixture://open"))
    }

    /// What the widget shows after `updates` updates in `mode`.
    static func expected(updates: Int, mode: WidgetDisplayMode) throws -> [WidgetView.Element] {
        [.title("Fixture"), .row("update", detail: "\(updates)"), .row("mode", detail: mode.name)]
            + (mode == .expanded ? [.caption("more rows for the expanded mode")] : [])
            + [.button("Open", url: try button())]
    }

    /// The shared body: an update, Show More, an update while expanded, Show Less.
    static func checkShowing(_ runner: some WidgetRunner) async throws {
        let sizes = WidgetSizes()
        let steps = await runner.show([.update(.compact), .changeMode(.expanded), .update(.expanded), .changeMode(.compact)],
                                      sizes: sizes, timeout: .seconds(120))
        try #require(steps.count == 4, "\(steps)")
        let states = try steps.map { try #require($0.state, "\($0)") }
        #expect(steps[0] == .updated(.newData, states[0]))
        #expect(steps[1] == .redrawn(states[1]))
        #expect(steps[2] == .updated(.newData, states[2]))
        #expect(steps[3] == .redrawn(states[3]))
        #expect(states.map(\.view.elements) == [try expected(updates: 1, mode: .compact), try expected(updates: 1, mode: .expanded),
                                                try expected(updates: 2, mode: .expanded), try expected(updates: 2, mode: .compact)])
        #expect(states.map(\.activeDisplayMode) == [.compact, .expanded, .expanded, .compact])
        #expect(states.allSatisfy { $0.largestAvailableDisplayMode == .expanded })
        #expect(states[1].preferredContentSize == WidgetState.Size(width: sizes.expanded.width, height: 220))
        #expect(states[3].preferredContentSize == WidgetState.Size(sizes.compact))
        #expect(states.map(\.revision) == states.map(\.revision).sorted() && Set(states.map(\.revision)).count == 4,
                "each state is newer than the last: \(states.map(\.revision))")
    }

    @Test("a widget passes the same test in both runners", arguments: ParityRunner.all)
    func showing(_ kind: ParityRunner) async throws {
        switch kind {
        case .inProcess:
            let button = try Self.button()
            try await Self.checkShowing(InProcessWidgetRunner { CountingWidget(button: button) })
        case .childProcess(let sandbox):
            try requireSandbox(sandbox)
            let fixture = try FixtureInstallation.make(point: ExtensionPoint.widget, identifier: "com.example.fixture.Widget")
            defer { fixture.remove() }
            try await Self.checkShowing(ChildProcessWidgetRunner(fixture.installed, options: FixtureInstallation.options("echo", sandbox: sandbox)))
        }
    }

    @Test("an update whose handler is never called ends at its deadline in both runners", arguments: ParityRunner.all)
    func neverCompletes(_ kind: ParityRunner) async throws {
        let commands: [TodayView.WidgetCommand] = [.update(.compact), .changeMode(.expanded)]
        let steps: [WidgetStep]
        switch kind {
        case .inProcess:
            let button = try Self.button()
            steps = await InProcessWidgetRunner { CountingWidget(button: button, completes: false) }
                .show(commands, sizes: WidgetSizes(), timeout: .seconds(1))
        case .childProcess(let sandbox):
            try requireSandbox(sandbox)
            let fixture = try FixtureInstallation.make(point: ExtensionPoint.widget, identifier: "com.example.fixture.Widget")
            defer { fixture.remove() }
            let runner = ChildProcessWidgetRunner(fixture.installed, options: FixtureInstallation.options("never-complete", sandbox: sandbox))
            steps = await runner.show(commands, sizes: WidgetSizes(), timeout: .seconds(1))
        }
        #expect(steps == [.ended("timed-out")], "the run ends, and the mode change after it is not tried")
    }
}
