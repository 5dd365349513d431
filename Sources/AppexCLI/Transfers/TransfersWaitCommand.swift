import ArgumentParser
import BackgroundTransfers
import ExtensionIPC
import Foundation
import Synchronization

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
        // The timeout is a timer on the event loop that closes the connection: the wait
        // below then ends like any lost connection, and `timedOut` tells the two apart.
        let timedOut = Mutex(false)
        let loop: EventLoop
        do {
            loop = try EventLoop.shared()
        } catch {
            throw CommandFailure.report("cannot start the event loop that measures --timeout: \(error)")
        }
        let timer = timeout.map { seconds in
            loop.schedule(after: .milliseconds(Int64(seconds * 1000))) {
                timedOut.withLock { $0 = true }
                connection.close()
            }
        }
        defer { if let timer { loop.cancel(timer) } }
        let event: TransferEvent?
        do {
            event = try await nextEvent(connection)
        } catch where timedOut.withLock({ $0 }) {
            event = nil
        } catch {
            throw CommandFailure.report(error.message)
        }
        guard let event else {
            guard timedOut.withLock({ $0 }) else { throw CommandFailure.report("the transfer service closed the connection") }
            Console.current.printError("No transfer of \(app) finished within \(timeout ?? 0) s")
            throw ExitCode(1)
        }
        Console.current.print(json ? JSONOutput.render(TransferEventJSON(event)) : TransferText.event(event))
    }

    /// Takes a waiting event, else watches the app and takes one when the service says so.
    /// `nil` when the connection closed first (the timeout's doing, or the service's end).
    private func nextEvent(_ connection: TransferConnection) async throws(TransferServiceError) -> TransferEvent? {
        if case .event(let event?) = try await connection.call(.takeEvent(application: app, sessionIdentifier: session)) {
            return event
        }
        _ = try await connection.call(.watch(application: app))
        for await notice in connection.notices {
            guard case .eventsPending(_, let pending) = notice, session == nil || pending == session else { continue }
            if case .event(let event?) = try await connection.call(.takeEvent(application: app, sessionIdentifier: session)) {
                return event
            }
        }
        return nil
    }
}
