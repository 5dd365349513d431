import AppExtensions
import ComposeSheet
import ExtensionUI
import Foundation
import PhotoEditing
import TodayWidgets

extension ExtensionMain {
    // The principal class, as the system starts it: what the ExtensionEntryPoint plugin's
    // generated `@main` calls for an extension target with no main.swift (docs/PORTING.md,
    // "An extension without main"). The overload the class's type picks says how it runs.

    /// A compose sheet (`SLComposeServiceViewController`): as ``run(composeSheet:)``.
    public static func run(principalClass make: @escaping @MainActor @Sendable () -> ComposeServiceViewController) -> Never {
        run(composeSheet: make)
    }

    /// A Today widget (`UIViewController, NCWidgetProviding`): as ``run(widget:)``.
    public static func run<Controller: UIViewController & WidgetProviding>(principalClass make: @escaping @MainActor @Sendable () -> Controller) -> Never {
        run(widget: make)
    }

    /// A photo editor (`UIViewController, PHContentEditingController`): as ``run(photoEditor:)``.
    public static func run<Controller: UIViewController & ContentEditingController>(principalClass make: @escaping @MainActor @Sendable () -> Controller) -> Never {
        run(photoEditor: make)
    }

    /// A photo editor that is not a view controller (an `NSObject` adopting
    /// `PHContentEditingController`): as ``run(photoEditor:)``.
    public static func run<Controller: ContentEditingController>(principalClass make: @escaping @MainActor @Sendable () -> Controller) -> Never {
        run(photoEditor: make)
    }

    /// A share or action extension with its own view (a plain `UIViewController`): as
    /// ``run(viewController:)``.
    public static func run<Controller: UIViewController>(principalClass make: @escaping @MainActor @Sendable () -> Controller) -> Never {
        run(viewController: make)
    }

    /// An extension without a view (`NSObject, NSExtensionRequestHandling`): as ``run(_:)``.
    public static func run<Handler: ExtensionRequestHandling & Sendable>(principalClass make: @escaping @Sendable () -> Handler) -> Never {
        run(make)
    }
}
