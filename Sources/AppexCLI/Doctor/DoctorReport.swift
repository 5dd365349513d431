import ExtensionIPC
import ExtensionRegistry
import FileTypeSniffing
import Imaging
import SystemSupport
import Foundation
import TypeIdentifiers
import WebPages

/// What `appex doctor` found: the system's parts, the registry's integrity, and every
/// installed app and extension that is not intact.
struct DoctorReport: Encodable {
    struct Part: Encodable {
        var name: String
        var found: Bool
        /// Whether Appex cannot work without it (the sandbox), rather than one feature.
        var required: Bool
        var detail: String
    }

    struct Installed: Encodable {
        var identifier: String
        /// The app, for an extension.
        var application: String?
        var state: String
        var runs: Bool
        var problems: [String]
    }

    var home: String
    var sandbox: Sandboxes
    var system: [Part]
    var registry: [String]
    var applications: [Installed]
    var extensions: [Installed]
    /// The home's transfer service, when it runs.
    var transfers: TransferService
    /// Whether nothing needs the user: a sandbox available, every required part found, the registry sound,
    /// every installed app and extension intact (or only unsealed), and no ongoing condition of the
    /// transfer service.
    var healthy: Bool

    /// The parts of the system Appex uses besides the sandbox (``sandboxes(environment:)``),
    /// each looked for where Appex looks.
    static func system() -> [Part] {
        let chromium = try? WebBrowser.locate(nil)
        let magic = MagicContentSniffer().loadError
        let mime = SharedMIMEDatabase.system
        let patchelf = ExecutableSearch.find("patchelf", path: ProcessInfo.processInfo.environment["PATH"])
        return [
            Part(name: "chromium", found: chromium != nil, required: false,
                 detail: chromium.map { "\($0): the web share sheet's window and appex share --page" }
                    ?? "not found on PATH (apt-get install chromium): no web share sheet window, no --page"),
            Part(name: "libmagic", found: magic == nil, required: false,
                 detail: magic.map { "its database cannot be opened (\($0)): files are typed by extension only" }
                    ?? "files are typed by their content"),
            Part(name: "libvips", found: Vips.started, required: false,
                 detail: Vips.started ? "libvips \(Vips.version): thumbnails in the web share sheet, appex edit's images and checks"
                    : "cannot start (apt-get install libvips-dev): no thumbnails, appex edit refuses every photo"),
            Part(name: "patchelf", found: patchelf != nil, required: false,
                 detail: patchelf.map { "\($0): appex bundle sets the RUNPATH of what links a framework" }
                    ?? "not found on PATH (apt-get install patchelf): appex bundle refuses apps with frameworks"),
            Part(name: "shared-mime-info", found: mime != nil, required: false,
                 detail: mime != nil ? "MIME types from the system's database" : "not installed (apt-get install shared-mime-info): fewer MIME types known"),
        ]
    }
}
