import AppExtensions
import ArgumentParser
import ExtensionHost
import ExtensionRegistry
import Foundation
import Glibc
import ShareSheetWeb

/// `--ui`: how `appex share` shows the sheet.
enum ShareUI: String, CaseIterable, ExpressibleByArgument {
    /// The list and the compose sheet on the terminal.
    case terminal
    /// The sheet in a browser window, served on 127.0.0.1.
    case web
}

extension ShareCommand {
    /// The interface to use when `--ui` is not given: the web sheet when there is no
    /// terminal but a graphical session, the terminal otherwise.
    static func defaultUI(environment: [String: String] = ProcessInfo.processInfo.environment) -> ShareUI {
        let graphical = environment["WAYLAND_DISPLAY"].map { !$0.isEmpty } == true || environment["DISPLAY"].map { !$0.isEmpty } == true
        return isatty(STDIN_FILENO) != 1 && graphical ? .web : .terminal
    }

    /// Shows the web sheet until the share ends, with the host's `activities` after the
    /// extensions; the person's order and switches are stored in `registry`.
    static func runWeb(host: ExtensionHost, resolution: ShareResolution, items: [ExtensionItem], activities: [ShareActivity],
                       registry: ExtensionRegistry, open: Bool) async throws -> WebShareSheet.Ending {
        let sheet = WebShareSheet(host: host, resolution: resolution, items: items, activities: activities,
                                  setEnabled: { identifier, enabled in
                                      try await Offload.perform { _ = try registry.setEnabled(enabled, for: identifier) }
                                  },
                                  reorder: { identifiers in
                                      try await Offload.perform { try registry.setOrder(identifiers) }
                                  })
        return try await sheet.run { url in
            if open, let how = BrowserWindow.open(url) {
                Console.current.printError("The share sheet is open in \(how). Waiting for the share to end…")
            } else {
                Console.current.print("Open the share sheet: \(url.absoluteString)")
                Console.current.flush()
            }
        }
    }
}
