/// What a text field asks of the keyboard: UIKit's `UITextInputTraits`.
///
/// In UIKit every member is optional (an Objective-C protocol); a keyboard reads them from
/// its `textDocumentProxy` as optionals, so they are optionals here:
///
/// ```swift
/// if textDocumentProxy.keyboardType == .emailAddress { showAtKey() }
/// returnKey.setTitle(textDocumentProxy.returnKeyType == .search ? "Search" : "return", for: .normal)
/// ```
@MainActor
public protocol UITextInputTraits: AnyObject {
    /// The kind of keyboard the field asks for.
    var keyboardType: UIKeyboardType? { get }
    /// The return key's title.
    var returnKeyType: UIReturnKeyType? { get }
    /// The keyboard's look.
    var keyboardAppearance: UIKeyboardAppearance? { get }
    /// When to capitalize.
    var autocapitalizationType: UITextAutocapitalizationType? { get }
    /// Whether to autocorrect.
    var autocorrectionType: UITextAutocorrectionType? { get }
    /// Whether to check spelling.
    var spellCheckingType: UITextSpellCheckingType? { get }
    /// Whether the return key is disabled while the field is empty.
    var enablesReturnKeyAutomatically: Bool? { get }
    /// Whether the field hides what is typed (a keyboard extension never sees one: the
    /// system keyboard takes over, as on iOS).
    var isSecureTextEntry: Bool? { get }
    /// What the field's content means (a name, an email address, a one-time code).
    var textContentType: UITextContentType? { get }
}

/// The kind of keyboard text input asks for: UIKit's `UIKeyboardType`.
public enum UIKeyboardType: Int, Sendable, Codable, CaseIterable {
    case `default` = 0, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress
    case decimalPad, twitter, webSearch, asciiCapableNumberPad
}

/// The title of the keyboard's return key: UIKit's `UIReturnKeyType`.
public enum UIReturnKeyType: Int, Sendable, Codable, CaseIterable {
    case `default` = 0, go, google, join, next, route, search, send, yahoo, done, emergencyCall, `continue`
}

/// The keyboard's look: UIKit's `UIKeyboardAppearance`.
public enum UIKeyboardAppearance: Int, Sendable, Codable {
    case `default` = 0, dark, light
}

/// When text input capitalizes: UIKit's `UITextAutocapitalizationType`.
public enum UITextAutocapitalizationType: Int, Sendable, Codable {
    case none = 0, words, sentences, allCharacters
}

/// Whether text input autocorrects: UIKit's `UITextAutocorrectionType`.
public enum UITextAutocorrectionType: Int, Sendable, Codable {
    case `default` = 0, no, yes
}

/// Whether text input checks spelling: UIKit's `UITextSpellCheckingType`.
public enum UITextSpellCheckingType: Int, Sendable, Codable {
    case `default` = 0, no, yes
}

/// What a field's content means: UIKit's `UITextContentType`.
public struct UITextContentType: RawRepresentable, Hashable, Sendable, Codable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static let name = UITextContentType("name")
    public static let username = UITextContentType("username")
    public static let password = UITextContentType("password")
    public static let newPassword = UITextContentType("new-password")
    public static let oneTimeCode = UITextContentType("one-time-code")
    public static let emailAddress = UITextContentType("email")
    public static let telephoneNumber = UITextContentType("tel")
    public static let URL = UITextContentType("url")
    public static let fullStreetAddress = UITextContentType("street-address")
}
