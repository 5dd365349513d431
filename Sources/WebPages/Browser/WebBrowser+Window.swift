import Foundation

extension WebBrowser {
    /// A browser window on the person's screen showing one page as an app (no tabs, no
    /// address bar): the keyboard panel's. It closes when the browser ends.
    public struct Window: Hashable, Sendable {
        /// The page it shows.
        public var url: URL
        /// Its size in CSS pixels.
        public var width: Int
        public var height: Int
        /// The window class the window manager sees (X11's `WM_CLASS`), for rules such as
        /// "always on top" or "never focused".
        public var windowClass: String

        /// A window of `width`×`height` on `url`.
        public init(url: URL, width: Int, height: Int, windowClass: String) {
            self.url = url
            self.width = width
            self.height = height
            self.windowClass = windowClass
        }

        /// Whether this session has a screen to show a window on (`WAYLAND_DISPLAY` or `DISPLAY`).
        public static func hasDisplay(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
            !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty || !(environment["DISPLAY"] ?? "").isEmpty
        }

        var arguments: [String] {
            ["--app=\(url.absoluteString)", "--window-size=\(width),\(height)", "--class=\(windowClass)"]
        }
    }
}

extension WebBrowser {
    /// Where a window is on the screen and how large, in pixels (`Browser.getWindowBounds`).
    public struct WindowBounds: Hashable, Sendable, Codable {
        public var left: Int
        public var top: Int
        public var width: Int
        public var height: Int

        public init(left: Int, top: Int, width: Int, height: Int) {
            (self.left, self.top, self.width, self.height) = (left, top, width, height)
        }
    }

    /// Moves the window of the browser's first page so that its top left corner is at
    /// `left`, `top` on the screen (`Browser.setWindowBounds`); its size stays.
    public func moveWindow(left: Int, top: Int) async throws(WebPageError) {
        struct Position: Encodable { var left: Int; var top: Int; var windowState = "normal" }
        struct Move: Encodable { var windowId: Int; var bounds: Position }
        let window = try await windowID()
        let _: IgnoredResult = try await client.send("Browser.setWindowBounds", Move(windowId: window, bounds: Position(left: left, top: top)))
    }

    /// Where the window of the browser's first page is now.
    public func windowBounds() async throws(WebPageError) -> WindowBounds {
        struct Ask: Encodable { var windowId: Int }
        struct Answer: Decodable { var bounds: WindowBounds }
        let answer: Answer = try await client.send("Browser.getWindowBounds", Ask(windowId: try await windowID()))
        return answer.bounds
    }

    /// The window that holds the browser's first page (`Browser.getWindowForTarget`).
    private func windowID() async throws(WebPageError) -> Int {
        struct Targets: Decodable {
            struct Info: Decodable { var targetId: String; var type: String }
            var targetInfos: [Info]
        }
        struct Ask: Encodable { var targetId: String }
        struct Answer: Decodable { var windowId: Int }
        let targets: Targets = try await client.send("Target.getTargets")
        guard let page = targets.targetInfos.first(where: { $0.type == "page" }) else {
            throw WebPageError(.browserFailed, "the browser has no page, so no window to place")
        }
        let answer: Answer = try await client.send("Browser.getWindowForTarget", Ask(targetId: page.targetId))
        return answer.windowId
    }
}
