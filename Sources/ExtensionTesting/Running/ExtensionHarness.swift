import AppExtensions
import Foundation

/// Runs an extension on test inputs and returns what it completed, or how it failed.
///
/// ```swift
/// let harness = ExtensionHarness { UppercaseExtension() }
/// let result = try await harness.run(fixtures: [.text("hello")])
/// let items = try result.completedItems()
/// let text = try await items[0].attachments?[0].loadItem(forTypeIdentifier: "public.plain-text", as: String.self)
/// ```
///
/// The harness is a thin layer over an ``ExtensionRunner``: give it another runner (a
/// child process) and the same test runs against the real extension.
public struct ExtensionHarness: Sendable {
    /// The runner that executes requests.
    public var runner: any ExtensionRunner
    /// What the extension point allows (the `open(_:)` policy and the app's URL schemes).
    public var configuration: ExtensionContext.Configuration
    /// How long a request may take.
    public var timeout: TimeInterval

    /// A harness over `runner`.
    public init(runner: any ExtensionRunner, configuration: ExtensionContext.Configuration = .init(),
                timeout: TimeInterval = 10) {
        self.runner = runner
        self.configuration = configuration
        self.timeout = timeout
    }

    /// A harness that runs a new handler from `makeHandler` in this process for each request.
    public init(configuration: ExtensionContext.Configuration = .init(), timeout: TimeInterval = 10,
                _ makeHandler: @escaping @Sendable () -> any ExtensionRequestHandling & Sendable) {
        self.init(runner: InProcessRunner(makeHandler), configuration: configuration, timeout: timeout)
    }

    /// Runs the extension on `items`.
    public func run(_ items: [ExtensionItem]) async -> ExtensionRunResult {
        await runner.run(ExtensionRequest(inputItems: items, configuration: configuration, timeout: timeout))
    }

    /// Runs the extension on one item made of `fixtures`.
    /// - Throws: ``ExtensionInputError`` when a fixture cannot be built.
    public func run(fixtures: [InputFixture], title: String? = nil,
                    contentText: String? = nil) async throws(ExtensionInputError) -> ExtensionRunResult {
        await run(try ExtensionInputs.items(from: fixtures, title: title, contentText: contentText))
    }

    /// Runs the extension on a preset (`safari-page`, `photos:3`, …).
    ///
    /// The preset's sample files are deleted when the run ends: returned providers that
    /// still point at input files cannot load them afterwards (values are unaffected).
    /// - Throws: ``ExtensionInputError`` for an unknown preset.
    public func run(preset: String) async throws(ExtensionInputError) -> ExtensionRunResult {
        let inputs = try ExtensionInputs.preset(preset)
        defer { inputs.removeFiles() }
        return await run(inputs.items)
    }
}
