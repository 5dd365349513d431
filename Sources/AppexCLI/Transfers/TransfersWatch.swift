import BackgroundTransfers
import Foundation
import Glibc

/// `appex transfers list --watch`: the list kept current as the service reports changes,
/// until no transfer is waiting or running.
///
/// The service pushes each change (``TransferNotice/taskChanged(_:)``, progress at most ten
/// times a second per task), so nothing polls. On a terminal the block of lines is redrawn
/// in place, each line cut to the terminal's width so that none wraps; elsewhere (a pipe,
/// a log) a line is printed whenever a transfer changes state.
struct TransfersWatch {
    var target: TransfersTarget
    var application: String?
    /// Whether standard output is a terminal (redraw in place) or not (a line per change).
    var terminal = isatty(STDOUT_FILENO) == 1

    private var tasks: [Int64: TransferTaskSnapshot] = [:]
    /// The service's conditions (``TransferNotice/conditionsChanged(_:)``), drawn above the tasks.
    private var conditions: [TransferServiceCondition] = []
    private var drawnLines = 0

    init(target: TransfersTarget, application: String?) {
        self.target = target
        self.application = application
    }

    mutating func run(_ connection: TransferConnection) async throws {
        // Following first: a change between the list and the follow is not missed.
        _ = try await target.call(connection, .follow(application: application))
        guard case .tasks(let listed) = try await target.call(connection, .list(application: application)),
              case .conditions(let current) = try await target.call(connection, .conditions) else { return }
        for task in listed { tasks[task.id] = task }
        conditions = current
        if terminal {
            draw()
        } else {
            for condition in current { Console.current.print(TransferText.condition(condition)) }
            for task in listed.reversed() { Console.current.print(TransferText.line(task)) }
            Console.current.flush()  // each line as it happens, into a pipe as onto a terminal
        }
        guard anyMoving else { return summary() }
        for await notice in connection.notices {
            switch notice {
            case .taskChanged(let task):
                let before = tasks.updateValue(task, forKey: task.id)
                if terminal {
                    draw()
                } else if before?.state != task.state {
                    Console.current.print(TransferText.line(task))
                    Console.current.flush()
                }
            case .conditionsChanged(let now):
                // A condition started or ended: into a pipe, each one whose state changed.
                let changed = now.filter { condition in !conditions.contains { $0.code == condition.code && $0.ongoing == condition.ongoing } }
                conditions = now
                if terminal {
                    draw()
                } else {
                    for condition in changed { Console.current.print(TransferText.condition(condition)) }
                    Console.current.flush()
                }
            default:
                continue
            }
            if !anyMoving { break }
        }
        summary()
    }

    private var anyMoving: Bool { tasks.values.contains { !$0.state.isFinal } }

    /// The tasks, newest first, over the lines drawn before.
    private mutating func draw() {
        let width = max(20, TerminalMode.columns) - 1
        let taskLines = tasks.isEmpty ? [application.map { "No transfers for \($0)" } ?? "No transfers"]
            : tasks.values.sorted { $0.id > $1.id }.map(TransferText.line)
        let lines = (conditions.map(TransferText.condition) + taskLines).map { DisplayWidth.truncate($0, to: width) }
        // Back to the first line drawn (ESC [ n F), then clear to the end of the screen (ESC [ J).
        var text = drawnLines > 0 ? "\u{1B}[\(drawnLines)F\u{1B}[J" : ""
        text += lines.joined(separator: "\n")
        Console.current.print(text)
        Console.current.flush()
        drawnLines = max(1, lines.count)
    }

    private func summary() {
        let ended = tasks.values.filter(\.state.isFinal)
        let failed = ended.filter { $0.state != .completed }.count
        guard !tasks.isEmpty else { return }
        Console.current.print("\(ended.count) of \(tasks.count) transfer(s) ended" + (failed > 0 ? ", \(failed) without completing" : ""))
    }
}
