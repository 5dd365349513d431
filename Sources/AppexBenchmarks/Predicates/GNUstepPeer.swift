import Foundation

/// The GNUstep `NSPredicate` peer (`Benchmarks/gnustep/build/nspredicate-peer`), run as a
/// subprocess on the same cases file in the same run.
struct GNUstepPeer {
    /// What the peer reported for one case.
    struct Result: Sendable, Encodable {
        /// Median nanoseconds per `+predicateWithFormat:`; `nil` when unsupported.
        let parseNanoseconds: Double?
        /// Median nanoseconds per `-evaluateWithObject:`; `nil` when unsupported.
        let evalNanoseconds: Double?
        /// GNUstep's answer; `nil` when it raised.
        let result: Bool?
        /// The exception GNUstep raised, if any.
        let error: String?
    }

    /// An error running the peer, naming the executable and the problem.
    struct RunError: Error, CustomStringConvertible {
        /// What is wrong.
        let description: String
    }

    /// The peer executable.
    let executable: String

    /// Runs the peer on the case named `name` in `casesPath`, with the same round settings.
    ///
    /// One process per case lets the suite interleave the implementations case by case, so
    /// that a change in machine load affects both sides of a ratio alike.
    func run(casesPath: String, name: String, settings: MeasureSettings) throws -> Result? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        var arguments = [casesPath, "--rounds", String(settings.rounds),
                         "--round-ms", String(settings.roundNanoseconds / 1e6)]
        if let calls = settings.fixedCalls { arguments += ["--iterations", String(calls)] }
        arguments += ["--name", name]
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        // GNUstep logs every parse failure on stderr; the reasons come back on stdout.
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw RunError(description: "cannot run the GNUstep peer \(executable): \(error.localizedDescription)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw RunError(description: "the GNUstep peer \(executable) exited with status \(process.terminationStatus)")
        }
        for line in data.split(separator: UInt8(ascii: "\n")) {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                  object["name"] as? String == name else { continue }
            return Result(parseNanoseconds: Self.number(object["parse_ns"]),
                          evalNanoseconds: Self.number(object["eval_ns"]),
                          result: object["result"] as? Bool,
                          error: object["error"] as? String)
        }
        return nil
    }

    /// A JSON number as a `Double`, whichever way JSONSerialization boxed it.
    private static func number(_ value: Any?) -> Double? {
        if let double = value as? Double { return double }
        if let int = value as? Int { return Double(int) }
        return nil
    }
}
