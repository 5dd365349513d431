import Foundation
import SystemSupport

/// Opens the web share sheet: as an app window of a Chromium-family browser when one is
/// installed (`--app=URL`: a window without tabs or address bar, like a dialog), else with
/// the desktop's default handler (xdg-open).
enum BrowserWindow {
    /// Chromium-family browsers, in the order they are tried.
    static let appBrowsers = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "brave-browser", "microsoft-edge"]

    /// Opens `url`; what opened it, or `nil` when nothing could.
    static func open(_ url: URL, path: String = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") -> String? {
        func find(_ name: String) -> String? { ExecutableSearch.find(name, path: path) }
        if let browser = appBrowsers.lazy.compactMap(find).first, launch(browser, ["--app=\(url.absoluteString)", "--window-size=560,760"]) {
            return URL(fileURLWithPath: browser).lastPathComponent
        }
        if let opener = find("xdg-open"), launch(opener, [url.absoluteString]) { return "the default browser" }
        return nil
    }

    /// Hands `url` to the desktop's handler (xdg-open); whether it started.
    static func openExternally(_ url: URL, path: String = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") -> Bool {
        guard let opener = ExecutableSearch.find("xdg-open", path: path) else { return false }
        return launch(opener, [url.absoluteString])
    }

    /// Starts `executable` detached from this process's output (the browser outlives the
    /// share); whether it started.
    private static func launch(_ executable: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        return (try? process.run()) != nil
    }
}
