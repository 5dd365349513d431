import ExtensionHost

/// The one installed extension of a point a command acts on: the one named, or the only
/// one installed; enabled. Its refusals name what is installed.
struct InstalledChoice {
    /// What the point's extensions are called: "keyboard", "file provider".
    var kind: String
    /// The point, for the message when none is installed.
    var point: String
    /// How to turn a disabled one on, after `appex enable <id>`.
    var enableHint = ""

    func choose(_ identifier: String?, among extensions: [InstalledExtension]) throws -> InstalledExtension {
        let candidates = extensions.filter { $0.point == point }
        let names = candidates.map(\.identifier).sorted().joined(separator: ", ")
        guard let identifier else {
            guard candidates.count == 1, let only = candidates.first else {
                throw CommandFailure(candidates.isEmpty
                    ? "no \(kind)s installed: install an app with a \(point) extension"
                    : "more than one \(kind) is installed (\(names)): name one")
            }
            return only
        }
        guard let chosen = candidates.first(where: { $0.identifier == identifier }) else {
            throw CommandFailure("no \(kind) \(identifier) is installed\(names.isEmpty ? "" : " (the \(kind)s: \(names))")")
        }
        guard chosen.isEnabled else {
            throw CommandFailure("the \(kind) \(identifier) is disabled (appex enable \(identifier) turns it on\(enableHint))")
        }
        return chosen
    }
}
