import Foundation
import Testing
import WebPages

/// What the keyboard panel asks of its window, in real Chromium (headless here: its window
/// has bounds all the same; the engine's window on a screen is the same browser with
/// `--app`, docs/KEYBOARDS.md). One browser for every move: each Chromium started costs the
/// run's two cores seconds.
@Suite("Browser windows")
struct BrowserWindowTests {
    /// Places below a caret, as the panel asks for them: near the top left, in the middle.
    static let places: [(left: Int, top: Int)] = [(40, 64), (600, 444)]

    @Test("the window moves where it is asked, keeping its size")
    func move() async throws {
        let chromium = try WebBrowser.locate(nil)
        try await WebBrowser.with(executable: chromium, startupLimit: .seconds(120)) { browser in
            // The browser starts with one page (about:blank): its window is the one moved.
            let before = try await browser.windowBounds()
            for place in Self.places {
                try await browser.moveWindow(left: place.left, top: place.top)
                let after = try await browser.windowBounds()
                #expect(after.left == place.left && after.top == place.top, "\(place) → \(after)")
                #expect(after.width == before.width && after.height == before.height, "\(before) → \(after)")
            }
        }
    }
}
