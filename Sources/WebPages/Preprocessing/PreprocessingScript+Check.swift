import Foundation

extension PreprocessingScript {
    /// What ``check(in:)`` found wrong with a preprocessing file, if anything.
    public struct Problem: Sendable, Hashable {
        /// What kind of problem; extensible.
        public struct Kind: RawRepresentable, Hashable, Sendable {
            /// The kind's stable name, such as `syntax`.
            public let rawValue: String
            /// Creates a kind from its stable name.
            public init(rawValue: String) { self.rawValue = rawValue }

            /// The file does not parse as JavaScript.
            public static let syntax = Kind(rawValue: "syntax")
            /// It parses, but threw when it ran in a blank page.
            public static let threw = Kind(rawValue: "threw")
            /// It defines no `ExtensionPreprocessingJS` with a `run` function.
            public static let noRunFunction = Kind(rawValue: "no-run-function")
        }

        /// What kind of problem.
        public var kind: Kind
        /// Chromium's message, or what is missing.
        public var message: String
        /// Where in the file (1-based), when Chromium says.
        public var line: Int?
        /// Where on the line (1-based), when Chromium says.
        public var column: Int?
    }

    /// Checks the file in a blank page of `browser`: that it parses as JavaScript, runs, and
    /// defines `ExtensionPreprocessingJS` with a `run` function. `nil` when all is well.
    public func check(in browser: WebBrowser) async throws(WebPageError) -> Problem? {
        let page = try await browser.openBlank()
        // compileScript needs the Runtime domain on.
        let _: IgnoredResult = try await page.send("Runtime.enable")
        let world = try await page.makeIsolatedWorld("appex-lint")
        struct Compile: Encodable {
            var expression: String
            var sourceURL: String
            var persistScript = false
            var executionContextId: Int
        }
        struct Compiled: Decodable { var exceptionDetails: ExceptionDetails? }
        let compiled: Compiled = try await page.send("Runtime.compileScript", Compile(expression: source, sourceURL: sourceName, executionContextId: world))
        if let exception = compiled.exceptionDetails {
            return Problem(kind: .syntax, message: exception.message, line: exception.lineNumber + 1, column: exception.columnNumber + 1)
        }
        let loaded: EvaluateResult<JSONScalar> = try await page.evaluate(source + "\n//# sourceURL=\(sourceName)\n", in: world, within: .seconds(10))
        if let exception = loaded.exceptionDetails {
            return Problem(kind: .threw, message: exception.message, line: exception.lineNumber + 1, column: exception.columnNumber + 1)
        }
        let shape: EvaluateResult<JSONScalar> = try await page.evaluate("""
            (() => {
              let target;
              try { target = ExtensionPreprocessingJS; } catch { return "the file does not define ExtensionPreprocessingJS"; }
              if (target === null || (typeof target !== "object" && typeof target !== "function")) return "ExtensionPreprocessingJS is " + (target === null ? "null" : "a " + typeof target) + ", not an object";
              return typeof target.run === "function" ? "" : "ExtensionPreprocessingJS has no run function";
            })()
            """, in: world)
        if let missing = shape.result.value?.string, !missing.isEmpty {
            return Problem(kind: .noRunFunction, message: missing)
        }
        return nil
    }
}

extension ExceptionDetails {
    /// The exception's first line, without the place.
    var message: String {
        exception?.description?.split(separator: "\n").first.map(String.init) ?? exception?.value?.string ?? text
    }
}
