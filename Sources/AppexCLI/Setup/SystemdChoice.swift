import ArgumentParser
import Foundation

/// Whether `appex setup` writes the systemd user units.
enum SystemdChoice: String, CaseIterable, ExpressibleByArgument {
    /// When systemd runs this machine (`/run/systemd/system` exists, as sd_booted(3) checks).
    case auto
    case yes
    case no

    /// The choice made for this machine.
    func writesUnits(fileManager: FileManager = .default) -> Bool {
        switch self {
        case .yes: true
        case .no: false
        case .auto: fileManager.fileExists(atPath: "/run/systemd/system")
        }
    }
}
