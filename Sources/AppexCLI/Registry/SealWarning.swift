import BundleSeal
import ExtensionRegistry
import Foundation

/// The warnings that say what a command left out, or what changed, rather than hiding it.
enum SealWarning {
    /// For an `.app` that carries a seal (`appex bundle` writes one): what changed since it
    /// was bundled, or `nil` when nothing did (or it carries none).
    static func bundleChangedSinceBundled(_ path: String) -> String? {
        let url = URL(fileURLWithPath: path)
        guard url.pathExtension == "app" else { return nil }
        do {
            guard let difference = try BundleSeal.differenceFromEmbedded(in: url), !difference.isEmpty else { return nil }
            return "\(path) was changed after it was bundled (\(difference.summary))"
        } catch {
            return "\(path): its seal cannot be checked: \(error.message)"
        }
    }

    /// One line per installed extension of `point` that a share leaves out, and why.
    static func skipped(_ unavailable: [RegistryInventory.Extension], point: String) -> [String] {
        unavailable.filter { $0.point == point }.map { entry in
            "warning: \(entry.identifier) is left out: \(entry.condition.rawValue): \(entry.problems.joined(separator: "; "))"
                + " (install \(entry.applicationIdentifier) again to repair it)"
        }
    }
}
