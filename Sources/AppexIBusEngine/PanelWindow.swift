import Foundation
import KeyboardPanel
import WebPages

/// The keyboard panel's window: Chromium in app mode on the person's screen, owned by the
/// engine (its own profile, closed when the engine ends). Without a screen or a Chromium,
/// the panel's address is said instead, to open in any browser.
enum PanelWindow {
    /// Shows `url` until the calling task is cancelled or the person closes the window,
    /// moving the window below the app's insertion point as it moves (`placements`).
    static func show(_ url: URL, browser: String?, placements: AsyncStream<KeyboardPanel.Anchor>,
                     say: @escaping @Sendable (String) -> Void) async {
        guard WebBrowser.Window.hasDisplay() else {
            say("no screen (DISPLAY, WAYLAND_DISPLAY): the keyboard panel is at \(url.absoluteString)")
            return
        }
        let chromium: String
        do {
            chromium = try WebBrowser.locate(browser)
        } catch {
            say("\(error.message): the keyboard panel is at \(url.absoluteString)")
            return
        }
        let window = WebBrowser.Window(url: url, width: 540, height: 340, windowClass: "appex-keyboard")
        do {
            try await WebBrowser.with(executable: chromium, window: window) { browser in
                await withTaskGroup(of: Void.self) { group in
                    group.addTask {
                        // Said once: a compositor that refuses every move would refuse each caret's.
                        var refused = false
                        for await anchor in placements {
                            let origin = anchor.windowOrigin
                            do {
                                try await browser.moveWindow(left: origin.left, top: origin.top)
                            } catch {
                                if !refused { say("the keyboard panel's window could not be moved beside the insertion point: \(error)") }
                                refused = true
                            }
                        }
                    }
                    if await browser.closed() { say("the keyboard panel's window was closed; it is still at \(url.absoluteString)") }
                    group.cancelAll()
                }
            }
        } catch {
            say("the keyboard panel's window did not open (\(error)); it is at \(url.absoluteString)")
        }
    }
}
