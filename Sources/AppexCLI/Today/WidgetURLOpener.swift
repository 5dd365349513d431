import AppexSystem
import ExtensionHost
import ExtensionIPC
import ExtensionRegistry
import Foundation
import SystemSupport

/// Opens a widget's button as the system would: the widget's containing app when the URL
/// has one of its schemes (started as `appex open` starts it, the URL as its argument),
/// the desktop's handler (xdg-open) for a web URL, and nothing else.
struct WidgetURLOpener: Sendable {
    let home: AppexHome
    let sandbox: SandboxKind?

    /// Opens `url` for `widget`; what happened, in a sentence for the status line.
    func open(_ url: URL, for widget: InstalledExtension) async -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let bundle = await Offload.perform { widget.bundle }
        if let app = bundle.containingApp, app.info.urlSchemes.map({ $0.lowercased() }).contains(scheme),
           let identifier = home.applicationIdentifier(containing: widget.bundleURL) {
            return await launch(identifier, name: app.info.displayName ?? identifier, url: url)
        }
        if scheme == "http" || scheme == "https" {
            return BrowserWindow.openExternally(url) ? "opened \(url.absoluteString) in the default browser"
                : "cannot open \(url.absoluteString): xdg-open is not installed"
        }
        return "nothing opens \(scheme): URLs (not \(widget.displayName)'s app, not a web URL)"
    }

    /// Starts the installed app `identifier` with `url`, its output captured; its last line.
    private func launch(_ identifier: String, name: String, url: URL) async -> String {
        do {
            // As `appex open` starts it: its launch files checked against the seal first.
            let (app, executable) = try await InstalledAppLaunch.find(identifier, in: try ExtensionRegistry(home: home))
            let launch = InstalledAppLaunch(app: app, executable: executable, home: home, sandbox: sandbox)
            let process = try await ChildProcess.launch(launch.configuration(arguments: [url.absoluteString], captures: [1, 2],
                                                                             wallClock: .seconds(60)))
            let ending = await process.exit()
            let last = await process.output().split(separator: "\n").last.map(String.init) ?? ""
            return "opened \(name) (\(ending)): \(last)"
        } catch {
            return "cannot open \(name): \(error)"
        }
    }
}
