import AppExtensions
import ExtensionHost
import ExtensionManifest
import Foundation
import HostTestSupport
@testable import ShareSheetWeb
import Testing
import TodayWidgets

/// What the web dashboard does for each request its page may send, good and bad, before
/// any browser: the commands its widgets get, or the sentence the status line shows.
@Suite("Today dashboard's requests")
struct TodayBoardTests {
    struct RequestCase: CustomTestStringConvertible, Sendable {
        let name: String
        let request: TodayPageRequest
        let reply: TodayBoard.Reply
        var testDescription: String { name }
    }

    /// Card 0's button (a file URL: the board hands back the widget's own URL, whatever it is).
    static let open = URL(filePath: "/notes/latest")

    /// Card 0 offers the expanded mode and three buttons (a URL's, one of its own, one of its
    /// own disabled); card 1 is compact only, no buttons;
    /// card 2 has shown nothing yet.
    static let cases: [RequestCase] = [
        RequestCase(name: "refresh: every widget updates in its mode",
                    request: .init(kind: "refresh"),
                    reply: .commands([0: .update(.compact), 1: .update(.compact), 2: .update(.compact)], changed: [0, 1, 2])),
        RequestCase(name: "Show More on a widget that offers it",
                    request: .init(kind: "mode", index: 0, mode: "expanded"),
                    reply: .commands([0: .changeMode(.expanded)], changed: [0])),
        RequestCase(name: "Show More on a compact-only widget",
                    request: .init(kind: "mode", index: 1, mode: "expanded"),
                    reply: .refuse("Clock has no expanded mode")),
        RequestCase(name: "a mode that does not exist",
                    request: .init(kind: "mode", index: 0, mode: "huge"),
                    reply: .refuse("\"huge\" is not a display mode (compact or expanded)")),
        RequestCase(name: "a widget that does not exist",
                    request: .init(kind: "mode", index: 7, mode: "compact"),
                    reply: .refuse("There is no widget 7 on this dashboard.")),
        RequestCase(name: "a button by its number: the URL is the widget's own",
                    request: .init(kind: "open", index: 0, button: 1),
                    reply: .open(open, index: 0)),
        RequestCase(name: "a button of the widget's own: its process taps it",
                    request: .init(kind: "open", index: 0, button: 2),
                    reply: .commands([0: .tap(7)], changed: [])),
        RequestCase(name: "a disabled button of the widget's own",
                    request: .init(kind: "open", index: 0, button: 3),
                    reply: .refuse("Reset is disabled.")),
        RequestCase(name: "a button the widget does not have",
                    request: .init(kind: "open", index: 0, button: 4),
                    reply: .refuse("Notes has no button 4")),
        RequestCase(name: "button 0",
                    request: .init(kind: "open", index: 0, button: 0),
                    reply: .refuse("Notes has no button 0")),
        RequestCase(name: "a button of a widget that has shown nothing",
                    request: .init(kind: "open", index: 2, button: 1),
                    reply: .refuse("Empty has no button 1")),
        RequestCase(name: "a request the dashboard does not know",
                    request: .init(kind: "open-url"),
                    reply: .refuse("The page sent a request the dashboard does not know: \"open-url\".")),
    ]

    @Test("each request's reply", arguments: cases)
    func reply(_ check: RequestCase) throws {
        let fixtures = try ["Notes", "Clock", "Empty"].map {
            try FixtureInstallation.make(point: ExtensionPoint.widget, identifier: "com.example.\($0)", displayName: $0)
        }
        defer { fixtures.forEach { $0.remove() } }
        var board = TodayBoard(widgets: fixtures.map(\.installed), snapshots: [:], sizes: WidgetSizes())
        _ = board.apply(.redrawn(WidgetState(revision: 1, view: WidgetView(.title("Notes"), .button("Open Notes", url: Self.open),
                                                                                .action("Refresh", id: 7), .action("Reset", id: 8, isEnabled: false)),
                                             largestAvailableDisplayMode: .expanded)), at: 0)
        _ = board.apply(.redrawn(WidgetState(revision: 1, view: WidgetView(.text("12:00")))), at: 1)
        #expect(board.handle(check.request) == check.reply)
    }

    @Test("a card says what its widget's last update came to")
    func cards() throws {
        let fixture = try FixtureInstallation.make(point: ExtensionPoint.widget, identifier: "com.example.Notes", displayName: "Notes")
        defer { fixture.remove() }
        var board = TodayBoard(widgets: [fixture.installed], snapshots: [:], sizes: WidgetSizes())
        #expect(board.pageCard(0).status == "updating…")
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0])
        let state = WidgetState(revision: 1, view: WidgetView(.image(WidgetImage(data: png, accessibilityLabel: "a chart")),
                                                              .image(WidgetImage(data: Data("<svg/>".utf8), accessibilityLabel: "a drawing"))))
        _ = board.apply(.redrawn(state), at: 0)
        let images = board.pageCard(0).elements
        #expect(images.first?.src?.hasPrefix("data:image/png;base64,") == true)
        #expect(images.last?.src == nil, "only PNG and JPEG are drawn; anything else is its label")
        #expect(images.last?.text == "a drawing")
        #expect(board.pageCard(0).height == WidgetSizes.compactHeight)
    }

    @Test("a card numbers URL buttons and the widget's own together, and marks a disabled one; no view identifier reaches the page")
    func buttons() throws {
        let fixture = try FixtureInstallation.make(point: ExtensionPoint.widget, identifier: "com.example.Notes", displayName: "Notes")
        defer { fixture.remove() }
        var board = TodayBoard(widgets: [fixture.installed], snapshots: [:], sizes: WidgetSizes())
        _ = board.apply(.redrawn(WidgetState(revision: 1, view: WidgetView(.action("Add one", id: 7), .button("Open Notes", url: Self.open),
                                                                           .action("Reset", id: 8, isEnabled: false)))), at: 0)
        let elements = board.pageCard(0).elements
        #expect(elements == [
            TodayPageCard.Element(kind: "action", text: "Add one", number: 1),
            TodayPageCard.Element(kind: "button", text: "Open Notes", number: 2, url: Self.open.absoluteString),
            TodayPageCard.Element(kind: "action", text: "Reset", number: 3, enabled: false),
        ])
    }
}
