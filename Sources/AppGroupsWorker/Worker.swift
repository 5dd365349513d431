import AppGroups
import Foundation

/// A failure that ends the worker with `status`.
struct WorkerFailure: Error {
    var status: Int32
    var message: String
}

/// The worker's modes.
enum Worker {
    static let usage = """
        usage: appgroups-worker defaults-increment <container> <suite> <key> <count>
               appgroups-worker defaults-set <container> <suite> <key> <string>
               appgroups-worker defaults-get <container> <suite> <key>
               appgroups-worker defaults-observe <container> <suite> <notifications>
               appgroups-worker inbox-append <container> <count> <tag>
               appgroups-worker inbox-consume <container> <max> <lease-milliseconds>
               appgroups-worker membership <group>
        """

    static func run(_ arguments: [String]) throws {
        guard let mode = arguments.first else { throw WorkerFailure(status: 2, message: usage) }
        let rest = Array(arguments.dropFirst())
        switch (mode, rest.count) {
        case ("defaults-increment", 4):
            try DefaultsModes.increment(container: url(rest[0]), suite: rest[1], key: rest[2], count: number(rest[3]))
        case ("defaults-set", 4):
            try DefaultsModes.set(container: url(rest[0]), suite: rest[1], key: rest[2], value: rest[3])
        case ("defaults-get", 3):
            try DefaultsModes.get(container: url(rest[0]), suite: rest[1], key: rest[2])
        case ("defaults-observe", 3):
            try DefaultsModes.observe(container: url(rest[0]), suite: rest[1], notifications: number(rest[2]))
        case ("inbox-append", 3):
            try InboxModes.append(container: url(rest[0]), count: number(rest[1]), tag: rest[2])
        case ("inbox-consume", 3):
            try InboxModes.consume(container: url(rest[0]), max: number(rest[1]), leaseMilliseconds: number(rest[2]))
        case ("membership", 1):
            MembershipMode.run(group: rest[0])
        default:
            throw WorkerFailure(status: 2, message: "unknown mode or wrong arguments: \(arguments.joined(separator: " "))\n\(usage)")
        }
    }

    /// Writes `line` and a newline to standard output with one write(2), unbuffered.
    static func emit(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    private static func url(_ path: String) -> URL { URL(fileURLWithPath: path, isDirectory: true) }

    private static func number(_ text: String) throws -> Int {
        guard let value = Int(text), value >= 0 else {
            throw WorkerFailure(status: 2, message: "'\(text)' is not a non-negative integer")
        }
        return value
    }
}
