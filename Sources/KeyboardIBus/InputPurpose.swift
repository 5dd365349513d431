import CIBus

/// The app's field, as the client reported it: IBus's content-type purpose (`IBusInputPurpose`).
///
/// Hints (`IBusInputHints`: spellcheck, lowercase, private, …) come beside it as a bit mask.
public enum InputPurpose: String, Sendable, CaseIterable {
    case freeForm, alpha, digits, number, phone, url, email, name, password, pin, terminal

    /// The purpose IBus numbers `value`; `.freeForm` for a number this IBus does not define.
    public init(ibusPurpose value: UInt32) {
        self = Self.allCases.first { $0.ibusPurpose == value } ?? .freeForm
    }

    /// IBus's number for this purpose (`IBUS_INPUT_PURPOSE_*`).
    public var ibusPurpose: UInt32 {
        switch self {
        case .freeForm: IBUS_INPUT_PURPOSE_FREE_FORM.rawValue
        case .alpha: IBUS_INPUT_PURPOSE_ALPHA.rawValue
        case .digits: IBUS_INPUT_PURPOSE_DIGITS.rawValue
        case .number: IBUS_INPUT_PURPOSE_NUMBER.rawValue
        case .phone: IBUS_INPUT_PURPOSE_PHONE.rawValue
        case .url: IBUS_INPUT_PURPOSE_URL.rawValue
        case .email: IBUS_INPUT_PURPOSE_EMAIL.rawValue
        case .name: IBUS_INPUT_PURPOSE_NAME.rawValue
        case .password: IBUS_INPUT_PURPOSE_PASSWORD.rawValue
        case .pin: IBUS_INPUT_PURPOSE_PIN.rawValue
        case .terminal: IBUS_INPUT_PURPOSE_TERMINAL.rawValue
        }
    }
}
