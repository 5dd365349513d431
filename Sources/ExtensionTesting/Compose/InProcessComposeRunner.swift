import AppExtensions
import ComposeSheet
import Foundation

/// Runs a compose sheet in this process: a new controller per run, driven on the main actor
/// with the same rules as in an extension process.
public struct InProcessComposeRunner: ComposeSheetRunner {
    private let makeController: @MainActor @Sendable () -> ComposeServiceViewController

    /// A runner that makes a new controller from `makeController` for each run.
    public init(_ makeController: @escaping @MainActor @Sendable () -> ComposeServiceViewController) {
        self.makeController = makeController
    }

    public func run(_ request: ExtensionRequest, events: [ComposeSheetEvent]) async -> ComposeSheetRun {
        let connection = HarnessConnection(acknowledgesAsExpired: request.acknowledgesAsExpired)
        let context = ExtensionContext(inputItems: request.inputItems, connection: connection, configuration: request.configuration)
        let sheet = await MainActor.run { ComposeSheet(controller: makeController(), context: context) }
        let (initial, steps) = await drive(sheet, events: events)
        return ComposeSheetRun(initial: initial, steps: steps, result: await connection.result(timeout: request.timeout))
    }

    /// Presents the sheet, loads its preview (which an extension process does while the
    /// user starts typing; here before the first event, so runs repeat), then applies the events.
    @MainActor
    private func drive(_ sheet: ComposeSheet, events: [ComposeSheetEvent]) async -> (ComposeSheetState, [ComposeSheetRun.Step]) {
        let initial = sheet.present()
        await sheet.loadPreview()
        var steps: [ComposeSheetRun.Step] = []
        for event in events {
            do throws(ComposeSheetError) {
                steps.append(.init(event: event, state: try sheet.handle(event)))
            } catch {
                steps.append(.init(event: event, state: sheet.currentState, refusal: error.code.rawValue))
            }
        }
        return (initial, steps)
    }
}
