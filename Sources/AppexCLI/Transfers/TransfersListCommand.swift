import ArgumentParser
import BackgroundTransfers
import Foundation

/// `appex transfers list`.
struct TransfersListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the transfers, newest first, with progress bars for running ones.",
        discussion: """
            With --watch the list stays current until no transfer is waiting or running: on a \
            terminal it is redrawn in place as the service reports progress; otherwise a line \
            is printed each time a transfer changes state.
            """)

    @OptionGroup var target: TransfersTarget

    @Option(help: ArgumentHelp("Only this app's transfers (its extensions' included).", valueName: "bundle-id"))
    var app: String?

    @Flag(help: "Keep the list current until no transfer is waiting or running.")
    var watch = false

    @Flag(help: "Print JSON.")
    var json = false

    func validate() throws {
        if watch && json { throw ValidationError("--watch draws for people; use --json without it") }
    }

    func run() async throws {
        let connection = try await target.connect()
        defer { connection.close() }
        if watch {
            var view = TransfersWatch(target: target, application: app)
            return try await view.run(connection)
        }
        guard case .tasks(let tasks) = try await target.call(connection, .list(application: app)) else { throw ExitCode(2) }
        if json {
            Console.current.print(JSONOutput.render(tasks.map(TransferJSON.init)))
            return
        }
        // What is wrong with the service itself (descriptors exhausted, a store refusing
        // writes) comes first: it explains tasks that wait or fail.
        guard case .conditions(let conditions) = try await target.call(connection, .conditions) else { throw ExitCode(2) }
        for condition in conditions { Console.current.print(TransferText.condition(condition)) }
        guard !tasks.isEmpty else {
            Console.current.print(app.map { "No transfers for \($0)" } ?? "No transfers")
            return
        }
        for task in tasks { Console.current.print(TransferText.line(task)) }
    }
}

/// `appex transfers show ID`.
struct TransfersShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one transfer.")

    @OptionGroup var target: TransfersTarget

    @Argument(help: "The transfer's id (from `appex transfers list`).")
    var id: Int64

    @Flag(help: "Print JSON.")
    var json = false

    func run() async throws {
        let connection = try await target.connect()
        defer { connection.close() }
        let task = try await target.task(id, on: connection)
        Console.current.print(json ? JSONOutput.render(TransferJSON(task)) : TransferText.details(task))
    }
}

/// `appex transfers cancel ID`.
struct TransfersCancelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cancel", abstract: "Cancel a transfer: its app gets the cancellation (-999) as its event.")

    @OptionGroup var target: TransfersTarget

    @Argument(help: "The transfer's id (from `appex transfers list`).")
    var id: Int64

    @Flag(help: "Print JSON.")
    var json = false

    func run() async throws {
        let connection = try await target.connect()
        defer { connection.close() }
        _ = try await target.call(connection, .cancelTask(id: id))
        let task = try await target.task(id, on: connection)
        Console.current.print(json ? JSONOutput.render(TransferJSON(task)) : "Transfer \(id) is \(task.state.rawValue)")
    }
}
