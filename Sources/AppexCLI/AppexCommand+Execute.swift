import ArgumentParser

extension AppexCommand {
    /// Parses and runs a command line, writing to ``Console/current``; returns the exit status.
    ///
    /// `main.swift` calls it with the process arguments; tests call it in-process.
    public static func execute(_ arguments: [String]) -> Int32 {
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            return 0
        } catch {
            let code = exitCode(for: error).rawValue
            let message = fullMessage(for: error, columns: 100)
            if !message.isEmpty {
                if code == 0 { Console.current.print(message) } else { Console.current.printError(message) }
            }
            return code
        }
    }
}
