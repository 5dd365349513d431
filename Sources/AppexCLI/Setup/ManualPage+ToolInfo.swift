/// The part of swift-argument-parser's `--experimental-dump-help` JSON (its
/// `ToolInfoV0`, serialization version 0) that the manual page uses. Decoded from
/// `AppexCommand._dumpHelp()` because the `ArgumentParserToolInfo` module is not a product
/// of the package.
extension ManualPage {
    /// The whole tool.
    struct ToolInfo: Decodable {
        var serializationVersion: Int
        var command: CommandInfo
    }

    /// One command and its subcommands.
    struct CommandInfo: Decodable {
        var commandName: String
        var abstract: String?
        var discussion: String?
        var shouldDisplay: Bool?
        var subcommands: [CommandInfo]?
        var arguments: [ArgumentInfo]?
    }

    /// One argument, option or flag.
    struct ArgumentInfo: Decodable {
        /// `positional`, `option` or `flag`.
        var kind: String
        var shouldDisplay: Bool?
        var isOptional: Bool?
        var isRepeating: Bool?
        var names: [NameInfo]?
        var valueName: String?
        var defaultValue: String?
        var abstract: String?
        var discussion: String?
    }

    /// One spelling of an option's name.
    struct NameInfo: Decodable {
        /// `long`, `short` or `longWithSingleDash`.
        var kind: String
        var name: String

        /// As typed: `--json`, `-o`, `-json`.
        var spelled: String {
            switch kind {
            case "long": "--" + name
            case "short": "-" + name
            default: "-" + name
            }
        }
    }
}
