import AppGroups
import ArgumentParser
import Foundation

/// `appex defaults write GROUP KEY VALUE`, with macOS's type flags.
struct DefaultsWriteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "write",
        abstract: "Set a key: a string, or a typed value with -int, -float, -bool, -date or -data.",
        discussion: """
            appex defaults write group.com.example.notes endpoint https://upload.example.com
            appex defaults write group.com.example.notes retries -int 3
            appex defaults write group.com.example.notes enabled -bool yes
            """)

    @OptionGroup var target: DefaultsTarget

    @Argument(help: "The key to set.")
    var key: String

    @Argument(help: "A string value (or give one typed option instead).")
    var value: String?

    @Option(name: .customLong("string", withSingleDash: true), help: "A string.")
    var string: String?
    @Option(name: [.customLong("int", withSingleDash: true), .customLong("integer", withSingleDash: true)], help: "An integer.")
    var integer: Int?
    @Option(name: .customLong("float", withSingleDash: true), help: "A real number.")
    var float: Double?
    @Option(name: [.customLong("bool", withSingleDash: true), .customLong("boolean", withSingleDash: true)],
            help: "A Boolean: yes, no, true, false, 1 or 0.")
    var boolean: String?
    @Option(name: .customLong("date", withSingleDash: true), help: "A date, ISO 8601 (2026-11-25T18:00:00Z).")
    var date: String?
    @Option(name: .customLong("data", withSingleDash: true), help: "Bytes, as hexadecimal.")
    var data: String?

    func run() throws {
        let typed: Any = try typedValue()
        let defaults = try target.open()
        do {
            try defaults.set(typed, forKey: key)
        } catch {
            throw CommandFailure("cannot write \(key) in \(target.group): \(error.message)")
        }
    }

    /// The one value given, of its type; the error names what is wrong with it.
    func typedValue() throws(CommandFailure) -> Any {
        let given: [Any?] = [value, string, integer, float, boolean, date, data]
        guard given.compactMap({ $0 }).count == 1 else {
            throw CommandFailure("give exactly one value for \(key): a string, or one of -string, -int, -float, -bool, -date, -data")
        }
        if let text = value ?? string { return text }
        if let integer { return integer }
        if let float { return float }
        if let boolean {
            switch boolean.lowercased() {
            case "yes", "true", "1": return true
            case "no", "false", "0": return false
            default: throw CommandFailure("-bool takes yes, no, true, false, 1 or 0, not '\(boolean)'")
            }
        }
        if let date {
            guard let parsed = ISO8601DateFormatter().date(from: date) else {
                throw CommandFailure("-date takes an ISO 8601 date such as 2026-11-25T18:00:00Z, not '\(date)'")
            }
            return parsed
        }
        if let data {
            guard let bytes = Self.hex(data) else {
                throw CommandFailure("-data takes hexadecimal bytes (an even number of 0-9 a-f), not '\(data)'")
            }
            return bytes
        }
        throw CommandFailure("no value for \(key)")
    }

    /// `text` read as hexadecimal bytes (spaces and `<>` allowed, as macOS prints data).
    static func hex(_ text: String) -> Data? {
        let digits = Array(text.filter { !" <>".contains($0) })
        guard digits.count.isMultiple(of: 2) else { return nil }
        var bytes = Data()
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(digits[index...index + 1]), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }
}
