import AppExtensions
import ExtensionHost
import TodayWidgets

/// Runs an installed widget in its own (by default sandboxed) process, through the same
/// ``ExtensionSession`` calls the Today view makes (`updateWidget`, `changeWidgetDisplayMode`).
public struct ChildProcessWidgetRunner: WidgetRunner {
    /// The widget to run.
    public var installed: InstalledExtension
    /// Launch options.
    public var options: LaunchOptions

    /// A runner for `installed`.
    public init(_ installed: InstalledExtension, options: LaunchOptions = LaunchOptions()) {
        self.installed = installed
        self.options = options
    }

    public func show(_ commands: [TodayView.WidgetCommand], sizes: WidgetSizes, timeout: Duration) async -> [WidgetStep] {
        let host = ExtensionHost(catalog: FixedCatalog([installed]), options: options)
        let configuration = ExtensionContext.Configuration(openURLPolicy: .any)
        return await host.withSession(installed, items: [], configuration: configuration) { session in
            var steps: [WidgetStep] = []
            for command in commands {
                let answer: WidgetStep? = switch command {
                case .update(let mode):
                    await session.updateWidget(displayMode: mode, sizes: sizes, timeout: timeout).map { .updated($0.result, $0.state) }
                case .changeMode(let mode):
                    await session.changeWidgetDisplayMode(to: mode, maximumSize: sizes.size(for: mode)).map { .redrawn($0) }
                case .tap(let id):
                    await session.tapWidgetButton(id).map { reply in reply.refusal.map { .refused($0.code) } ?? .redrawn(reply.state) }
                }
                guard let answer else {
                    session.end()
                    let report = await session.report()
                    let why = if case .failed(let error) = report.outcome { RunFailure(error).name } else { "ended" }
                    steps.append(.ended(why))
                    break
                }
                steps.append(answer)
            }
            return steps
        }
    }
}
