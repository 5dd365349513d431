import Foundation
import Testing
import WebPages

/// What the keyboard panel asks of its window, in real Chromium (headless here: its window
/// has bounds all the same; the engine's window on a screen is the same browser with
/// `--app`, docs/KEYBOARDS.md).
@Suite("Browser windows")
struct BrowserWindowTests {
    struct Place: CustomTestStringConvertible, Sendable {
        let name: String
        let left: Int
        let top: Int
        var testDescription: String { name }
    }

    static let places = [
        Place(name: "below a caret near the top left", left: 40, top: 64),
        Place(name: "below a caret in the middle", left: 600, top: 444),
    ]

    @Test("the window moves where it is asked, keeping its size", arguments: places)
    func move(_ place: Place) async throws {
        let chromium = try WebBrowser.locate(nil)
        try await WebBrowser.with(executable: chromium, startupLimit: .seconds(120)) { browser in
            // The browser starts with one page (about:blank): its window is the one moved.
            let before = try await browser.windowBounds()
            try await browser.moveWindow(left: place.left, top: place.top)
            let after = try await browser.windowBounds()
            #expect(after.left == place.left && after.top == place.top, "\(after)")
            #expect(after.width == before.width && after.height == before.height, "\(before) → \(after)")
        }
    }
}
