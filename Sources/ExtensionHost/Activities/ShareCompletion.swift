import AppExtensions
import Foundation

/// How a share ended, in the shape of Apple's `completionWithItemsHandler`: which
/// activity or extension ran, whether it completed, what it returned, or its error.
public struct ShareCompletion: Sendable {
    /// The chosen extension's identifier or host activity's type; `nil` when the person
    /// closed the sheet without choosing.
    public var activityType: String?
    /// Whether it completed.
    public var completed: Bool
    /// What it returned.
    public var returnedItems: [ExtensionItem]
    /// Why it did not complete, in words; `nil` when it completed or nothing was chosen.
    public var activityError: String?

    /// A completion.
    public init(activityType: String?, completed: Bool, returnedItems: [ExtensionItem] = [], activityError: String? = nil) {
        self.activityType = activityType
        self.completed = completed
        self.returnedItems = returnedItems
        self.activityError = activityError
    }

    /// The completion of an extension's run.
    public init(_ report: ExtensionRunReport) {
        switch report.outcome {
        case .completed(let items):
            self.init(activityType: report.extensionIdentifier, completed: true, returnedItems: items)
        case .cancelled(let error):
            self.init(activityType: report.extensionIdentifier, completed: false, activityError: error.localizedDescription)
        case .failed(let error):
            self.init(activityType: report.extensionIdentifier, completed: false, activityError: error.message)
        }
    }
}
