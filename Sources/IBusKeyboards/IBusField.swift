import ExtensionUI
import Foundation
import KeyboardIBus

/// The focused app's field as IBus reports it: its surrounding text with the cursor and the
/// selection's anchor (in characters, IBus's Unicode scalars), and its content type.
struct IBusField: Sendable {
    var text: [Unicode.Scalar]?
    var cursor = 0
    var anchor = 0
    var purpose = InputPurpose.freeForm
    var documentIdentifier = UUID()

    /// A password or PIN field: the keyboard is kept out of it.
    var isSecure: Bool { purpose == .password || purpose == .pin }

    /// The field as a keyboard's proxy sees it.
    var document: TextDocumentContext {
        var context = TextDocumentContext(documentIdentifier: documentIdentifier, keyboardType: keyboardType,
                                          textContentType: isSecure ? .password : nil)
        if let text {
            let start = min(max(0, min(cursor, anchor)), text.count)
            let end = min(max(0, max(cursor, anchor)), text.count)
            context.before = String(String.UnicodeScalarView(text[..<start]))
            context.selected = start == end ? nil : String(String.UnicodeScalarView(text[start..<end]))
            context.after = String(String.UnicodeScalarView(text[end...]))
        }
        return context
    }

    private var keyboardType: UIKeyboardType {
        switch purpose {
        case .digits, .pin: .numberPad
        case .number: .decimalPad
        case .phone: .phonePad
        case .url: .URL
        case .email: .emailAddress
        case .name: .namePhonePad
        case .alpha: .asciiCapable
        case .freeForm, .password, .terminal: .default
        }
    }
}
