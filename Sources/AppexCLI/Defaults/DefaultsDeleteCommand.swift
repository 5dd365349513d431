import AppGroups
import ArgumentParser
import Foundation

/// `appex defaults delete GROUP [KEY]`.
struct DefaultsDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Remove one key, or every key of the group (exit 1 when the key is not set).")

    @OptionGroup var target: DefaultsTarget

    @Argument(help: "The key to remove (default: every key).")
    var key: String?

    func run() throws {
        let defaults = try target.open()
        let keys = key.map { [$0] } ?? Array(defaults.dictionaryRepresentation().keys).sorted()
        if let key, defaults.object(forKey: key) == nil {
            throw target.notSet(key)
        }
        for key in keys {
            do {
                try defaults.removeObject(forKey: key)
            } catch {
                throw CommandFailure("cannot delete \(key) in \(target.group): \(error.message)")
            }
        }
    }
}
