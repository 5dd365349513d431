import Foundation
@_exported import AppExtensions
@_exported import ExtensionUI

/// Apple's `NSItemProvider`.
public typealias NSItemProvider = ItemProvider
/// Apple's `NSExtensionItem`.
public typealias NSExtensionItem = ExtensionItem
/// Apple's `NSExtensionContext`.
public typealias NSExtensionContext = ExtensionContext
/// Apple's `NSExtensionRequestHandling`.
public typealias NSExtensionRequestHandling = ExtensionRequestHandling
/// Apple's `NSItemProviderRepresentationVisibility`.
public typealias NSItemProviderRepresentationVisibility = ItemProvider.RepresentationVisibility
/// Apple's `NSItemProviderFileOptions`.
public typealias NSItemProviderFileOptions = ItemProvider.FileOptions

extension ItemProvider {
    /// Apple's `NSItemProvider.ErrorCode`.
    public typealias ErrorCode = ItemProviderError.Code
}

/// Apple's `NSItemProviderErrorDomain`.
public let NSItemProviderErrorDomain = ItemProviderError.domain
/// Apple's `NSItemProviderPreferredImageSizeKey`.
public let NSItemProviderPreferredImageSizeKey = LoadOptions.preferredImageSizeKey
/// Apple's `NSItemProviderUnknownError` (-1).
public let NSItemProviderUnknownError = ItemProviderError.Code.unknownError.rawValue
/// Apple's `NSItemProviderItemUnavailableError` (-1000).
public let NSItemProviderItemUnavailableError = ItemProviderError.Code.itemUnavailableError.rawValue
/// Apple's `NSItemProviderUnexpectedValueClassError` (-1100).
public let NSItemProviderUnexpectedValueClassError = ItemProviderError.Code.unexpectedValueClassError.rawValue
/// Apple's `NSItemProviderUnavailableCoercionError` (-1200).
public let NSItemProviderUnavailableCoercionError = ItemProviderError.Code.unavailableCoercionError.rawValue

/// Apple's `NSExtensionItemAttributedTitleKey`.
public let NSExtensionItemAttributedTitleKey = ExtensionItem.attributedTitleKey
/// Apple's `NSExtensionItemAttributedContentTextKey`.
public let NSExtensionItemAttributedContentTextKey = ExtensionItem.attributedContentTextKey
/// Apple's `NSExtensionItemAttachmentsKey`.
public let NSExtensionItemAttachmentsKey = ExtensionItem.attachmentsKey
/// Apple's `NSExtensionItemsAndErrorsKey`.
public let NSExtensionItemsAndErrorsKey = ExtensionContext.itemsAndErrorsKey
/// Apple's `NSExtensionJavaScriptPreprocessingResultsKey`: the Safari `run()` results in
/// the `com.apple.property-list` item.
public let NSExtensionJavaScriptPreprocessingResultsKey = ExtensionItem.javaScriptPreprocessingResultsKey
/// Apple's `NSExtensionJavaScriptFinalizeArgumentKey`: the argument for Safari's `finalize()`.
public let NSExtensionJavaScriptFinalizeArgumentKey = ExtensionItem.javaScriptFinalizeArgumentKey

extension Notification.Name {
    /// Apple's `NSExtensionHostWillEnterForeground`.
    public static let NSExtensionHostWillEnterForeground = ExtensionContext.hostWillEnterForegroundNotification
    /// Apple's `NSExtensionHostDidEnterBackground`.
    public static let NSExtensionHostDidEnterBackground = ExtensionContext.hostDidEnterBackgroundNotification
    /// Apple's `NSExtensionHostWillResignActive`.
    public static let NSExtensionHostWillResignActive = ExtensionContext.hostWillResignActiveNotification
    /// Apple's `NSExtensionHostDidBecomeActive`.
    public static let NSExtensionHostDidBecomeActive = ExtensionContext.hostDidBecomeActiveNotification
}

@_exported import ComposeSheet

/// Apple's `SLComposeServiceViewController`.
public typealias SLComposeServiceViewController = ComposeServiceViewController
/// Apple's `SLComposeSheetConfigurationItem`.
public typealias SLComposeSheetConfigurationItem = ComposeSheetConfigurationItem
