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
