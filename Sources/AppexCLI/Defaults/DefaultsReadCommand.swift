import AppGroups
import ArgumentParser
import Foundation
import PropertyLists

/// `appex defaults read GROUP [KEY]`.
struct DefaultsReadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Print the group's defaults, or one key's value (exit 1 when the key is not set).")

    @OptionGroup var target: DefaultsTarget

    @Argument(help: "The key to print (default: every key).")
    var key: String?

    @Flag(help: "Print JSON (dates as ISO 8601, data as base64).")
    var json = false

    func run() throws {
        let defaults = try target.open()
        let value: Any
        if let key {
            guard let found = defaults.object(forKey: key) else {
                throw target.notSet(key)
            }
            value = found
        } else {
            value = defaults.dictionaryRepresentation()
        }
        let node: PropertyListNode
        do {
            node = try PropertyListNode(foundationObject: value)
        } catch {
            throw CommandFailure("a stored value is not a property list: \(error.message)")
        }
        Console.current.print(json ? JSONOutput.render(DefaultsJSONValue(node)) : DefaultsText.render(node))
    }
}
