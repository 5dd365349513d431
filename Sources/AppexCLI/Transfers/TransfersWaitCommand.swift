import ArgumentParser
import BackgroundTransfers
import Foundation

/// `appex transfers wait --app ID`: the next event of an app, for scripts.
struct TransfersWaitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wait",
        abstract: "Wait for the next finished transfer of an app, print it, and take it (exactly once).",
        discussion: """
            The event is the app's: once printed, its app's session will not get it again, and a \
            download's file is removed from the container (copy it from `location` first, or let \
            the app take its events itself). Exit 0 with an event, 1 when --timeout passes first.
            """)

    @OptionGroup var target: TransfersTarget

    @Option(help: ArgumentHelp("The containing app's bundle identifier.", valueName: "bundle-id"))
    var app: String

    @Option(help: ArgumentHelp("Only this background session's events.", valueName: "identifier"))
    var session: String?

    @Option(help: ArgumentHelp("Give up after this many seconds (exit 1).", valueName: "seconds"))
    var timeout: Double?

    @Flag(help: "Print JSON.")
    var json = false

    func run() async throws {
        let connection = try await target.connect()
        defer { connection.close() }
        let event = try await withThrowingTaskGroup(of: TransferEvent?.self) { group in
            group.addTask { try await nextEvent(connection) }
            if let timeout {
                group.addTask {
                    try await Task.sleep(for: .milliseconds(Int64(timeout * 1000)))
                    return nil
                }
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
        guard let event else {
            Console.current.printError("No transfer of \(app) finished within \(timeout ?? 0) s")
            throw ExitCode(1)
        }
        Console.current.print(json ? JSONOutput.render(TransferEventJSON(event)) : TransferText.event(event))
    }

    /// Takes a waiting event, else watches the app and takes one when the service says so.
    private func nextEvent(_ connection: TransferConnection) async throws -> TransferEvent? {
        if case .event(let event?) = try await target.call(connection, .takeEvent(application: app, sessionIdentifier: session)) {
            return event
        }
        _ = try await target.call(connection, .watch(application: app))
        for await notice in connection.notices {
            guard case .eventsPending(_, let pending) = notice, session == nil || pending == session else { continue }
            if case .event(let event?) = try await target.call(connection, .takeEvent(application: app, sessionIdentifier: session)) {
                return event
            }
        }
        if Task.isCancelled { return nil }  // the timeout won
        throw CommandFailure.report("the transfer service closed the connection")
    }
}
