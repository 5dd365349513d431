import AppExtensions
import ExtensionHost
import ExtensionManifest
import Foundation
import HostTestSupport
import Synchronization
import Testing
import TodayWidgets

/// Today widgets run by the host: Apple's update results, display modes, snapshots, and
/// widgets that misbehave, under every sandbox.
@Suite("Today widgets")
struct WidgetTests {
    /// A Today view over `fixtures`, keeping snapshots in `snapshots`.
    static func today(_ fixtures: [FixtureInstallation], options: LaunchOptions, snapshots: URL,
                      updateTimeout: Duration = .seconds(120)) -> TodayView {
        TodayView(catalog: FixedCatalog(fixtures.map(\.installed)), options: options,
                  snapshots: WidgetSnapshotStore(directory: snapshots), updateTimeout: updateTimeout)
    }

    /// The fixture installed as a Today widget doing `behavior`.
    static func widget(_ behavior: String, identifier: String = "com.example.fixture.Widget") throws -> FixtureInstallation {
        try FixtureInstallation.make(point: ExtensionPoint.widget, identifier: identifier, displayName: behavior,
                                     extraInfo: ["AppexFixtureBehavior": behavior])
    }

    /// A snapshot a widget showed before, so that a failed update has one to show stale.
    static let earlier = WidgetState(revision: 1, view: WidgetView(.title("Earlier")))

    struct AnswerCase: CustomTestStringConvertible, Sendable {
        let behavior: String
        let result: WidgetUpdateOutcome.Result
        /// Whether a snapshot exists before the update.
        let hadSnapshot: Bool
        /// Whether the view shown is the old snapshot, stale.
        let stale: Bool
        /// The first element of the view shown, when it is the widget's own.
        var first: WidgetView.Element? = nil
        var sandbox = SandboxMode.none
        var testDescription: String { "\(behavior) → \(result.name) (\(sandbox.testDescription))" }
    }

    static let answerCases: [AnswerCase] = hostSandboxModes.flatMap { sandbox in
        [AnswerCase(behavior: "echo", result: .newData, hadSnapshot: true, stale: false, first: .title("Fixture")),
         // noop answers before it draws anything: an empty view, kept as there was no snapshot.
         AnswerCase(behavior: "noop", result: .noData, hadSnapshot: false, stale: false),
         AnswerCase(behavior: "cancel", result: .failed, hadSnapshot: true, stale: true)].map { answer in
            var copy = answer
            copy.sandbox = sandbox
            return copy
        }
    }

    @Test("a widget's own answer: Apple's result, what the view shows, and what is kept", arguments: answerCases)
    func answer(_ answer: AnswerCase) async throws {
        try requireSandbox(answer.sandbox)
        let fixture = try Self.widget(answer.behavior)
        defer { fixture.remove() }
        let store = WidgetSnapshotStore(directory: fixture.root.appendingPathComponent("Snapshots"))
        let id = fixture.installed.identifier
        if answer.hadSnapshot { try store.save(WidgetSnapshot(identifier: id, state: Self.earlier)) }
        let today = Self.today([fixture], options: answer.sandbox.options(LaunchOptions(gracePeriod: .seconds(2))), snapshots: store.directory)

        let outcome = await today.update(fixture.installed)
        #expect(outcome.result == answer.result, "\(outcome.message ?? "")")
        #expect(outcome.isStale == answer.stale)
        let shown = try #require(outcome.state)
        let kept = try #require(store.snapshot(of: id)).state
        if answer.stale {
            #expect(shown == Self.earlier)
            #expect(kept == Self.earlier)
        } else {
            #expect(shown.view.elements.first == answer.first)
            #expect(kept == shown)
        }
    }

    struct HostileCase: CustomTestStringConvertible, Sendable {
        let behavior: String
        let result: WidgetUpdateOutcome.Result
        var updateTimeout: Duration = .seconds(120)
        var sandbox = SandboxMode.none
        var testDescription: String { "\(behavior) → \(result.name) (\(sandbox.testDescription))" }
    }

    static let hostileCases: [HostileCase] = hostSandboxModes.flatMap { sandbox in
        [HostileCase(behavior: "crash", result: .ended(.crashed)),
         HostileCase(behavior: "trap", result: .ended(.crashed)),
         HostileCase(behavior: "hang", result: .ended(.timedOut), updateTimeout: .seconds(2)),
         HostileCase(behavior: "never-complete", result: .ended(.timedOut), updateTimeout: .seconds(2)),
         HostileCase(behavior: "bomb", result: .ended(.overMemory)),
         HostileCase(behavior: "garbage", result: .ended(.error(.protocolViolation))),
         HostileCase(behavior: "oversize", result: .ended(.error(.protocolViolation))),
         HostileCase(behavior: "flood", result: .ended(.error(.protocolViolation))),
         HostileCase(behavior: "compose-flood", result: .ended(.error(.protocolViolation)))].map { hostile in
            var copy = hostile
            copy.sandbox = sandbox
            return copy
        }
    }

    @Test("a widget that misbehaves during its update is ended, and its last snapshot shows, stale", arguments: hostileCases)
    func hostile(_ hostile: HostileCase) async throws {
        try requireSandbox(hostile.sandbox)
        let fixture = try Self.widget(hostile.behavior)
        defer { fixture.remove() }
        let store = WidgetSnapshotStore(directory: fixture.root.appendingPathComponent("Snapshots"))
        try store.save(WidgetSnapshot(identifier: fixture.installed.identifier, state: Self.earlier))
        let options = hostile.sandbox.options(LaunchOptions(gracePeriod: .seconds(2)))
        let today = Self.today([fixture], options: options, snapshots: store.directory, updateTimeout: hostile.updateTimeout)

        let outcome = await today.update(fixture.installed)
        #expect(outcome.result == hostile.result, "\(outcome.message ?? "")")
        #expect(outcome.isStale)
        #expect(outcome.state == Self.earlier)
        #expect(outcome.message?.contains(fixture.installed.identifier) == true)
        #expect(store.snapshot(of: fixture.installed.identifier)?.state == Self.earlier)
    }

    @Test("one widget that hangs delays none of the others: they all answer while it still runs", arguments: hostSandboxModes)
    func isolation(_ sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        let behaviors = ["hang", "crash", "bomb", "echo"]
        let fixtures = try behaviors.map { try Self.widget($0, identifier: "com.example.fixture.\($0)") }
        defer { fixtures.forEach { $0.remove() } }
        let today = Self.today(fixtures, options: sandbox.options(LaunchOptions(gracePeriod: .seconds(2))),
                               snapshots: fixtures[0].root.appendingPathComponent("Snapshots"))
        let order = Mutex<[String]>([])
        let outcomes = await today.updateAll(fixtures.map(\.installed)) { index, _ in
            let done = order.withLock { order in
                order.append(behaviors[index])
                return order.count
            }
            // The three others have answered and the hang is still running: end the view
            // (the hang's update is ended by the host, not by its deadline).
            if done == 3 { withUnsafeCurrentTask { $0?.cancel() } }
        }
        #expect(order.withLock { $0.last } == "hang")
        #expect(outcomes.map(\.result) == [.ended(.error(.endedByHost)), .ended(.crashed), .ended(.overMemory), .newData])
    }

    @Test("Show More reaches the running widget, which redraws for the expanded mode and back", arguments: hostSandboxModes)
    func displayModes(_ sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        let fixture = try Self.widget("echo")
        defer { fixture.remove() }
        let today = Self.today([fixture], options: sandbox.options(LaunchOptions(gracePeriod: .seconds(2))),
                               snapshots: fixture.root.appendingPathComponent("Snapshots"))
        let states = await today.withWidget(fixture.installed) { widget -> [WidgetState?] in
            let first = await widget.update(displayMode: .compact).state
            let expanded = await widget.changeDisplayMode(to: .expanded)
            let compact = await widget.changeDisplayMode(to: .compact)
            return [first, expanded, compact]
        }
        let first = try #require(states[0])
        let expanded = try #require(states[1])
        let compact = try #require(states[2])
        #expect(first.largestAvailableDisplayMode == .expanded)
        #expect(first.activeDisplayMode == .compact)
        #expect(expanded.activeDisplayMode == .expanded)
        #expect(expanded.preferredContentSize == WidgetState.Size(width: 320, height: 220))
        #expect(expanded.view.elements.contains(.row("mode", detail: "expanded")))
        #expect(expanded.view.elements.contains(.caption("more rows for the expanded mode")))
        #expect(compact.preferredContentSize == WidgetState.Size(width: 320, height: WidgetSizes.compactHeight))
        #expect(compact.view.elements.contains(.row("mode", detail: "compact")))
        #expect(expanded.revision < compact.revision)
    }

    @Test("a widget may open any URL (a share extension may not), and calling the handler twice is a misuse", arguments: hostSandboxModes)
    func openAndMisuse(_ sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        let fixture = try Self.widget("open-url")
        defer { fixture.remove() }
        let opened = Mutex<[URL]>([])
        let options = sandbox.options(LaunchOptions(gracePeriod: .seconds(2), openURL: { url in
            opened.withLock { $0.append(url) }
            return true
        }))
        let today = Self.today([fixture], options: options, snapshots: fixture.root.appendingPathComponent("Snapshots"))
        let outcome = await today.update(fixture.installed)
        #expect(outcome.result == .newData)
        #expect(outcome.state?.view.elements.contains(.text("opened: true")) == true)
        #expect(opened.withLock { $0 } == [URL(string: "https://example.com/widget")])

        let twice = try Self.widget("complete-twice", identifier: "com.example.fixture.Twice")
        defer { twice.remove() }
        let host = ExtensionHost(catalog: FixedCatalog([twice.installed]), options: sandbox.options(LaunchOptions(gracePeriod: .seconds(2))))
        let (reply, misuse) = await host.withSession(twice.installed, items: []) { session -> (WidgetUpdateReply?, ExtensionContextError?) in
            let reply = await session.updateWidget()
            for await event in session.events {
                if case .misuse(let error) = event { return (reply, error) }
            }
            return (reply, nil)
        }
        #expect(reply?.result == .newData)
        #expect(misuse?.code == .updateAlreadyCompleted)
    }

    @Test("only enabled widgets with content show, in the user's order")
    func listing() throws {
        let first = try Self.widget("echo", identifier: "com.example.fixture.B")
        let second = try Self.widget("echo", identifier: "com.example.fixture.A")
        let share = try FixtureInstallation.make(point: ExtensionPoint.share, identifier: "com.example.fixture.Share")
        defer { [first, second, share].forEach { $0.remove() } }
        var ordered = first.installed
        ordered.position = 0
        var disabled = second.installed
        disabled.isEnabled = false
        let store = first.root.appendingPathComponent("Snapshots")
        let all = TodayView(catalog: FixedCatalog([second.installed, ordered, share.installed]), snapshots: WidgetSnapshotStore(directory: store))
        // B has a position; A follows it, unordered.
        #expect(try all.widgets().map(\.identifier) == ["com.example.fixture.B", "com.example.fixture.A"])
        let some = TodayView(catalog: FixedCatalog([ordered, disabled, share.installed]))
        #expect(try some.widgets().map(\.identifier) == ["com.example.fixture.B"])

        let controller = WidgetController.widgetController(dataContainer: ordered.dataContainerURL)
        controller.setHasContent(false, forWidgetWithBundleIdentifier: ordered.identifier)
        #expect(try some.widgets().isEmpty)
        controller.setHasContent(true, forWidgetWithBundleIdentifier: ordered.identifier)
        #expect(try some.widgets().map(\.identifier) == ["com.example.fixture.B"])
    }
}
