import Foundation
import Testing

/// One page in ``ChromiumBrowser``: scripts evaluated in it, waits on its DOM, typing,
/// screenshots.
struct BrowserPage {
    let devTools: DevToolsConnection
    let session: String
    let targetID: String
    /// The execution context scripts run in: the page's own when `nil`.
    var context: Int?

    /// Sends a DevTools command to this page.
    func send(_ method: String, _ params: [String: Any] = [:], deadline: Duration = .seconds(60)) async throws -> [String: Any] {
        try await devTools.send(method, params, session: session, deadline: deadline)
    }

    /// Evaluates `expression` (awaiting a promise) and returns its value.
    func evaluate(_ expression: String, deadline: Duration = .seconds(60)) async throws -> Any? {
        var params: [String: Any] = ["expression": expression, "awaitPromise": true, "returnByValue": true]
        if let context { params["contextId"] = context }
        let reply: [String: Any]
        do {
            reply = try await send("Runtime.evaluate", params, deadline: deadline)
        } catch let error as DevToolsError {
            throw DevToolsError(message: "\(error.message) (evaluating \(expression.prefix(60))…)")
        }
        if let exception = reply["exceptionDetails"] as? [String: Any] {
            throw DevToolsError(message: "\(expression): \((exception["exception"] as? [String: Any])?["description"] ?? exception["text"] ?? "exception")")
        }
        return (reply["result"] as? [String: Any])?["value"]
    }

    /// The page's child frame whose address contains `path` (an extension's interface), as
    /// a page of its own. Chromium may put a sandboxed frame in a process of its own (then
    /// it is a target of type `iframe`, attached here) or keep it in the page's (then its
    /// scripts run in an isolated world of that frame: its DOM, not its variables).
    func childFrame(containing path: String) async throws -> BrowserPage {
        if let session = devTools.attachedFrame(containing: path) {
            return BrowserPage(devTools: devTools, session: session, targetID: "")
        }
        let tree = try await send("Page.getFrameTree")
        let children = ((tree["frameTree"] as? [String: Any])?["childFrames"] as? [[String: Any]]) ?? []
        guard let frame = children.compactMap({ $0["frame"] as? [String: Any] }).first(where: { ($0["url"] as? String)?.contains(path) == true }) else {
            throw DevToolsError(message: "no frame at \(path) yet")
        }
        let world = try await send("Page.createIsolatedWorld", ["frameId": try #require(frame["id"] as? String), "worldName": "appex-test"])
        var page = self
        page.context = try #require(world["executionContextId"] as? Int)
        return page
    }

    /// Waits until `condition` (a JavaScript expression) is true: a MutationObserver in the
    /// page re-checks it on every change to the document, for at most `seconds`.
    /// The child frame at `path` once `condition` holds in it. A frame's process may change
    /// as it commits (Chromium moves a sandboxed frame to a process of its own): a session
    /// or world that goes away under the wait, or never answers, is found again, at most
    /// four times.
    func frame(containing path: String, once condition: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> BrowserPage {
        var lastError: (any Error)?
        for _ in 0..<4 {
            do {
                let frame = try await childFrame(containing: path)
                try await frame.waitUntil(condition, seconds: 10, deadline: .seconds(15), sourceLocation: sourceLocation)
                return frame
            } catch let error as DevToolsError where error.isGone {
                lastError = error
            }
        }
        throw lastError ?? DevToolsError(message: "no frame at \(path)")
    }

    func waitUntil(_ condition: String, seconds: Int = 20, deadline: Duration = .seconds(60),
                   sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let script = """
            new Promise(resolve => {
              const check = () => { try { return !!(\(condition)); } catch (e) { return false; } };
              if (check()) return resolve(true);
              const observer = new MutationObserver(() => { if (check()) { observer.disconnect(); resolve(true); } });
              observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
              setTimeout(() => { observer.disconnect(); resolve(check()); }, \(seconds * 1000));
            })
            """
        let held: Bool?
        do {
            held = try await evaluate(script, deadline: deadline) as? Bool
        } catch let error as DevToolsError {
            throw DevToolsError(message: "\(error.message) (waiting for \(condition))")
        }
        if held != true {
            let body = (try? await evaluate("document.body ? document.body.innerText : ''")) as? String ?? ""
            Issue.record("the page never showed \(condition); it shows:\n\(body)", sourceLocation: sourceLocation)
            throw DevToolsError(message: "timed out waiting for \(condition)")
        }
    }

    /// The page's visible text.
    func text() async throws -> String {
        (try await evaluate("document.body.innerText") as? String) ?? ""
    }

    /// Types `text` into the focused element, as a keyboard would.
    func type(_ text: String) async throws {
        _ = try await send("Input.insertText", ["text": text])
    }

    /// Presses one key (`Tab`, `Enter`, `Escape`, `ArrowDown`).
    func press(_ key: String) async throws {
        let codes: [String: Int] = ["Tab": 9, "Enter": 13, "Escape": 27, "ArrowDown": 40, "ArrowUp": 38, " ": 32]
        var event: [String: Any] = ["key": key, "code": key == " " ? "Space" : key, "windowsVirtualKeyCode": codes[key] ?? 0]
        if key == "Enter" { event["text"] = "\r" }
        if key == " " { event["text"] = " " }
        for type in ["keyDown", "keyUp"] {
            event["type"] = type
            _ = try await send("Input.dispatchKeyEvent", event)
        }
    }

    /// Clicks the middle of the element `expression` finds, with the mouse (pressed and
    /// released, as a person's click: `mousedown` handlers run too).
    func click(_ expression: String) async throws {
        let box = try #require(try await evaluate("(() => { const r = (\(expression)).getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()") as? [Double],
                               "nothing to click at \(expression)")
        for type in ["mousePressed", "mouseReleased"] {
            _ = try await send("Input.dispatchMouseEvent", ["type": type, "x": box[0], "y": box[1], "button": "left", "clickCount": 1])
        }
    }

    /// A PNG of the page as it looks now; written to docs/screenshots/`name`.png when
    /// APPEX_RECORD_SCREENSHOTS=1.
    @discardableResult
    func screenshot(_ name: String) async throws -> Data {
        let reply = try await send("Page.captureScreenshot", ["format": "png", "captureBeyondViewport": false])
        let encoded = try #require(reply["data"] as? String, "no screenshot data")
        let data = try #require(Data(base64Encoded: encoded), "the screenshot is not base64")
        if ProcessInfo.processInfo.environment["APPEX_RECORD_SCREENSHOTS"] == "1" {
            let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/screenshots")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try data.write(to: folder.appendingPathComponent(name + ".png"))
        }
        return data
    }
}
