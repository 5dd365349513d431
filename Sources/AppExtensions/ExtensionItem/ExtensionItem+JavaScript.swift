extension ExtensionItem {
    /// The key of a web page's JavaScript preprocessing results in the
    /// `com.apple.property-list` dictionary a browser host offers (Apple's
    /// `NSExtensionJavaScriptPreprocessingResultsKey`).
    public static let javaScriptPreprocessingResultsKey = "NSExtensionJavaScriptPreprocessingResultsKey"
    /// The key of the argument for the page's `finalize` in a `com.apple.property-list`
    /// dictionary an action extension returns (Apple's `NSExtensionJavaScriptFinalizeArgumentKey`).
    public static let javaScriptFinalizeArgumentKey = "NSExtensionJavaScriptFinalizeArgumentKey"
}
