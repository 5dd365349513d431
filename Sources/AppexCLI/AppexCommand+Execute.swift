import ArgumentParser

extension AppexCommand {
    /// Parses and runs a command line, writing to ``Console/current``; returns the exit status:
    /// 0 for success or "true", 1 for "false", 2 for any error.
    ///
    /// `main.swift` calls it with the process arguments; tests call it in-process.
    public static func execute(_ arguments: [String]) async -> Int32 {
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return 0
        } catch let failure as CommandFailure {
            Console.current.printError("error: " + failure.message)
            return 2
        } catch {
            // 0 success or "true", 1 "false"; every other failure, usage errors included, is 2.
            let raw = exitCode(for: error).rawValue
            let code: Int32 = raw == 0 || raw == 1 ? raw : 2
            let message = fullMessage(for: error, columns: 100)
            if !message.isEmpty {
                if code == 0 { Console.current.print(message) } else { Console.current.printError(message) }
            }
            return code
        }
    }
}
