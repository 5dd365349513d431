import AppExtensions
import ExtensionWire
import Foundation
import ExtensionUI
import TodayWidgets

extension ExtensionMain {
    /// Runs a Today widget; never returns.
    ///
    /// ```swift
    /// // main.swift: NSExtensionPrincipalClass names TodayViewController, as on iOS
    /// ExtensionMain.run(widget: { TodayViewController() })
    /// ```
    ///
    /// The runtime makes the controller on the main actor when the host's first update
    /// arrives (then calls `viewDidLoad()`), and for each update calls
    /// `widgetPerformUpdate(completionHandler:)`; the handler's first call sends the host
    /// the result and the widget's state. A mode change ("Show More") calls
    /// `widgetActiveDisplayModeDidChange(_:withMaximumSize:)` and answers with the new
    /// state; choosing one of its buttons in the host taps it (its `UIAction`s run) and
    /// answers with the new state; changes the widget makes on its own go out as they happen. The process lives
    /// until the host closes the channel (the Today view went away).
    public static func run(widget makeController: @escaping @MainActor @Sendable () -> UIViewController & WidgetProviding) -> Never {
        runProcess { await serve(widget: makeController) }
    }

    static func serve(widget makeController: @escaping @MainActor @Sendable () -> UIViewController & WidgetProviding) async -> Int32 {
        await serveRequest { connection, context in
            let box = await MainActor.run { WidgetBox(WidgetDriver(context: context, makeController: makeController)) }
            await box.publish { connection.submit { await box.sendPublishedState(on: connection) } }
            connection.acceptWidgetRequests(box)
            return box
        }
    }
}

/// The request's widget, on the main actor (where the extension's controller lives).
@MainActor
final class WidgetBox {
    let driver: WidgetDriver

    init(_ driver: WidgetDriver) {
        self.driver = driver
    }

    /// From now on, `request` is called when the widget changed its state on its own.
    func publish(_ request: @escaping @Sendable () -> Void) {
        driver.onNeedsPublish = request
    }

    /// Asks the widget to update; its answer goes out as a job of the conversation once
    /// it calls its completion handler, however late.
    func update(_ request: WidgetUpdateRequest, on connection: RuntimeConnection) {
        let sizes: [WidgetDisplayMode: CGSize] = [.compact: request.compactSize.cgSize, .expanded: request.expandedSize.cgSize]
        driver.performUpdate(displayMode: request.displayMode, maximumSizes: sizes) { result, state in
            connection.submit {
                try? await connection.send(.widgetState(WidgetStateMessage(state: state, updateID: request.updateID, result: result)))
            }
        }
    }

    /// The widget's state after the user's mode change.
    func change(_ change: WidgetDisplayModeChange) -> WidgetStateMessage {
        WidgetStateMessage(state: driver.changeDisplayMode(to: change.displayMode, maximumSize: change.maximumSize.cgSize),
                           changeID: change.changeID)
    }

    /// The widget's state after the person chose one of its own buttons, or the refusal
    /// (with the state as it was) when it has no such button now or it is disabled.
    func tap(_ tap: WidgetTap) -> WidgetStateMessage {
        do throws(ViewActionError) {
            return WidgetStateMessage(state: try driver.tap(tap.elementID), tapID: tap.tapID)
        } catch {
            return WidgetStateMessage(state: driver.currentState(), tapID: tap.tapID,
                                      refusal: ViewUpdate.Refusal(code: error.code.rawValue, message: error.message))
        }
    }

    /// Sends the state the widget's own changes made, if any.
    func sendPublishedState(on connection: RuntimeConnection) async {
        guard let state = driver.publishIfNeeded() else { return }
        try? await connection.send(.widgetState(WidgetStateMessage(state: state)))
    }
}
