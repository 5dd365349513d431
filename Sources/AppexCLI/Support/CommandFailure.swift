import ArgumentParser

/// Ends a command with a message on standard error and exit status 2 (the status for
/// "could not answer", as opposed to 1 for "the answer is no").
struct CommandFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }

    init(_ message: String) { self.message = message }

    /// Prints the message and returns the exit code to throw.
    static func report(_ message: String) -> ExitCode {
        Console.current.printError("error: " + message)
        return ExitCode(2)
    }
}
