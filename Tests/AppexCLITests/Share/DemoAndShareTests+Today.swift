import Foundation
import Testing

extension DemoAndShareTests {
    struct TodayJSON: Decodable {
        struct Element: Decodable, Equatable {
            var kind: String
            var text: String?
            var detail: String?
            var url: String?
        }
        struct View: Decodable { var elements: [Element] }
        struct State: Decodable {
            var revision: Int
            var view: View
            var largestAvailableDisplayMode: Int
            var activeDisplayMode: Int
        }
        struct Widget: Decodable {
            var identifier: String
            var displayName: String
            var result: String
            var stale: Bool
            var message: String?
            var view: State?
        }
        var widgets: [Widget]
    }

    /// `appex today --once --json` against the home the demo installed: the Notes widget
    /// with the demo's notes, newest first, and its button.
    func todayOnce(home: URL) async throws {
        let result = await appex("today", "--once", "--json", "--home", home.path)
        #expect(result.status == 0, "\(result.error)")
        let report = try JSONDecoder().decode(TodayJSON.self, from: Data(result.output.utf8))
        let widget = try #require(report.widgets.first)
        #expect(report.widgets.count == 1)
        #expect(widget.identifier == "com.example.notes.Widget")
        // A new process starts with an empty view, so its first answer is new data.
        #expect(widget.result == "newData")
        #expect(!widget.stale)
        let elements = try #require(widget.view?.view.elements)
        #expect(elements.first == TodayJSON.Element(kind: "title", text: "Notes"))
        #expect(elements.contains(TodayJSON.Element(kind: "row", text: "https://www.swift.org/documentation/", detail: "Documentation")))
        // Its UIButton, which the widget handles itself (its UIAction opens notes://latest).
        #expect(elements.last == TodayJSON.Element(kind: "action", text: "Open Notes"))
        #expect(widget.view?.largestAvailableDisplayMode == 1)
    }

    /// `appex today` on a real terminal: the widget drawn, Space shows more of it, 1 opens
    /// Notes through its URL scheme, q quits.
    func todayDashboard(home: URL) async throws {
        let appex = Self.products + "/appex"
        let terminal = try TerminalDriver("\(appex) today --home \(home.path)", columns: 80, rows: 30)
        defer { terminal.close() }
        var screen = try await terminal.waitForScreen(containing: "[1 Open Notes]")
        #expect(screen.first?.hasPrefix("Today  1 widget") == true)
        #expect(screen.contains { $0.hasPrefix("┏ Notes ") })
        let compactHeight = screen.filter { $0.hasPrefix("┃") }.count
        #expect(compactHeight == 5, "a compact widget is 110 points: five rows")

        // Space: the expanded mode, every note, in the rows Notes asks for (198 points: nine).
        terminal.type(" ")
        screen = try await terminal.waitForScreen(containing: "Swift.org")
        #expect(screen.filter { $0.hasPrefix("┃") }.count == 9)
        #expect(screen.contains { $0.contains("分享一个链接") })

        terminal.type("1")
        screen = try await terminal.waitForScreen(containing: "opened Notes (exited with status 0)")

        terminal.type("q")
        #expect(try await terminal.exitStatus() == 0)
    }
}
