import AppExtensions
import ExtensionHost
import ExtensionUI
import TodayWidgets

/// Runs a widget's controller in this process, on the main actor, as the runtime runs it
/// in an extension process (`WidgetDriver`): made when the first update comes, then asked
/// to update or to change its mode.
public struct InProcessWidgetRunner: WidgetRunner {
    private let makeController: @MainActor @Sendable () -> UIViewController & WidgetProviding

    /// A runner that makes one controller from `makeController` for each ``show(_:sizes:timeout:)``.
    public init(_ makeController: @escaping @MainActor @Sendable () -> UIViewController & WidgetProviding) {
        self.makeController = makeController
    }

    public func show(_ commands: [TodayView.WidgetCommand], sizes: WidgetSizes, timeout: Duration) async -> [WidgetStep] {
        // Today widgets may open any URL, as the Today view allows (TodayView.withWidget).
        let context = ExtensionContext(inputItems: [], connection: HarnessConnection(acknowledgesAsExpired: false),
                                       configuration: ExtensionContext.Configuration(openURLPolicy: .any))
        let makeController = self.makeController
        let driver = await MainActor.run { WidgetDriver(context: context, makeController: makeController) }
        var steps: [WidgetStep] = []
        for command in commands {
            let step: WidgetStep
            switch command {
            case .update(let mode):
                let (answers, answer) = AsyncStream.makeStream(of: WidgetStep.self)
                await MainActor.run {
                    driver.performUpdate(displayMode: mode, maximumSizes: [.compact: sizes.compact, .expanded: sizes.expanded]) { result, state in
                        answer.yield(.updated(result, state))
                    }
                }
                step = await Self.first(of: answers, or: answer, after: timeout)
            case .changeMode(let mode):
                step = await MainActor.run { .redrawn(driver.changeDisplayMode(to: mode, maximumSize: sizes.size(for: mode))) }
            case .tap(let id):
                step = await MainActor.run {
                    do throws(ViewActionError) { return .redrawn(try driver.tap(id)) } catch { return .refused(error.code.rawValue) }
                }
            }
            steps.append(step)
            if case .ended = step { break }
        }
        return steps
    }

    /// The widget's answer, or `.ended("timed-out")` when none came within `timeout`.
    private static func first(of answers: AsyncStream<WidgetStep>, or answer: AsyncStream<WidgetStep>.Continuation,
                              after timeout: Duration) async -> WidgetStep {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                guard (try? await Task.sleep(for: timeout)) != nil else { return }
                answer.yield(.ended("timed-out"))
            }
            var iterator = answers.makeAsyncIterator()
            let first = await iterator.next() ?? .ended("cancelled")
            group.cancelAll()
            return first
        }
    }
}
