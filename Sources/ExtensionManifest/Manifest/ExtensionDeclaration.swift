/// The `NSExtension` dictionary of an extension's Info.plist, typed.
///
/// Codable: the registry keeps each installed extension's declaration as JSON, so that a
/// share reads no Info.plist (docs/REGISTRY.md, "What a share reads").
public struct ExtensionDeclaration: Hashable, Sendable, Codable {
    /// `NSExtensionPointIdentifier`, such as `com.apple.share-services`.
    public var pointIdentifier: String?
    /// `NSExtensionPrincipalClass`.
    public var principalClass: String?
    /// `NSExtensionMainStoryboard`.
    public var mainStoryboard: String?
    /// `NSExtensionAttributes.NSExtensionActivationRule`.
    public var activationRule: ActivationRule
    /// `NSExtensionAttributes.NSExtensionJavaScriptPreprocessingFile`: a bundle file name
    /// without its `.js` extension.
    public var javaScriptPreprocessingFile: String?
    /// `NSExtensionAttributes.NSExtensionActionWantsFullScreenPresentation`.
    public var wantsFullScreenPresentation: Bool?
    /// `NSExtensionAttributes.NSExtensionServiceRoleType` (macOS action extensions).
    public var serviceRoleType: String?
    /// `NSExtensionAttributes.AppexWebInterfacePage` (Appex's own key): the extension's own
    /// interface, an HTML file's path inside the bundle; its folder holds the page's
    /// other files. docs/CUSTOM-UI.md.
    public var webInterfacePage: String?
    /// `NSExtensionAttributes.PHSupportedMediaTypes` (photo editing extensions): the
    /// media an editor edits, `Image` and/or `Video`, as written.
    public var supportedMediaTypes: [String]?
    /// `NSExtensionAttributes.PrimaryLanguage` (custom keyboards): the keyboard's language,
    /// a BCP 47 tag such as `en-US` or `zh-Hans`.
    public var primaryLanguage: String?
    /// `NSExtensionAttributes.IsASCIICapable` (custom keyboards): whether the keyboard can
    /// type ASCII, so that fields asking for `UIKeyboardType.asciiCapable` may use it.
    public var isASCIICapable: Bool?
    /// `NSExtensionAttributes.RequestsOpenAccess` (custom keyboards): whether it asks for
    /// full access: the network and writing to its app groups.
    public var requestsOpenAccess: Bool?
    /// `NSExtensionAttributes.PrefersRightToLeft` (custom keyboards).
    public var prefersRightToLeft: Bool?
    /// `NSExtensionFileProviderDocumentGroup` (file providers, beside the point): the app
    /// group whose container holds the provider's files.
    public var fileProviderDocumentGroup: String?
    /// The other keys of `NSExtensionAttributes`, in order.
    public var otherAttributeKeys: [String]

    /// Creates a declaration.
    public init(pointIdentifier: String? = nil, principalClass: String? = nil, mainStoryboard: String? = nil,
                activationRule: ActivationRule = .missing, javaScriptPreprocessingFile: String? = nil,
                wantsFullScreenPresentation: Bool? = nil, serviceRoleType: String? = nil,
                otherAttributeKeys: [String] = []) {
        self.pointIdentifier = pointIdentifier
        self.principalClass = principalClass
        self.mainStoryboard = mainStoryboard
        self.activationRule = activationRule
        self.javaScriptPreprocessingFile = javaScriptPreprocessingFile
        self.wantsFullScreenPresentation = wantsFullScreenPresentation
        self.serviceRoleType = serviceRoleType
        self.otherAttributeKeys = otherAttributeKeys
    }
}
