import CIBus
import KeyboardIBus
import Testing

/// What `InputMethodKey` reads off a keysym and modifier mask.
@Suite struct InputMethodKeyTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var keyval: Int32
        var state: UInt32 = 0
        var text: String?
        var name: String
        var isRelease = false
        var hasCommandModifiers = false
    }

    static let shift = IBUS_SHIFT_MASK.rawValue

    @Test(arguments: [
        Case(testDescription: "a letter", keyval: IBUS_KEY_a, text: "a", name: "a"),
        Case(testDescription: "a shifted letter", keyval: IBUS_KEY_A, state: shift, text: "A", name: "A"),
        Case(testDescription: "space", keyval: IBUS_KEY_space, text: " ", name: "space"),
        Case(testDescription: "a keypad digit", keyval: IBUS_KEY_KP_1, text: "1", name: "KP_1"),
        Case(testDescription: "a Unicode keysym", keyval: 0x0100_4F60, text: "你", name: "U+4F60"),
        Case(testDescription: "BackSpace types nothing", keyval: IBUS_KEY_BackSpace, name: "BackSpace"),
        Case(testDescription: "Return types nothing", keyval: IBUS_KEY_Return, name: "Return"),
        Case(testDescription: "Tab types nothing", keyval: IBUS_KEY_Tab, name: "Tab"),
        Case(testDescription: "Escape types nothing", keyval: IBUS_KEY_Escape, name: "Escape"),
        Case(testDescription: "an arrow", keyval: IBUS_KEY_Left, name: "Left"),
        Case(testDescription: "an unknown keysym", keyval: 0x0012_3456, name: "0x123456"),
        Case(testDescription: "a release", keyval: IBUS_KEY_a, state: IBUS_RELEASE_MASK.rawValue, text: "a",
             name: "a", isRelease: true),
        Case(testDescription: "Control", keyval: IBUS_KEY_c, state: IBUS_CONTROL_MASK.rawValue, text: "c",
             name: "c", hasCommandModifiers: true),
        Case(testDescription: "Alt (Mod1)", keyval: IBUS_KEY_x, state: IBUS_MOD1_MASK.rawValue, text: "x",
             name: "x", hasCommandModifiers: true),
        Case(testDescription: "Super", keyval: IBUS_KEY_s, state: IBUS_SUPER_MASK.rawValue, text: "s",
             name: "s", hasCommandModifiers: true),
        Case(testDescription: "Mod4 (X's Super)", keyval: IBUS_KEY_s, state: IBUS_MOD4_MASK.rawValue, text: "s",
             name: "s", hasCommandModifiers: true),
        Case(testDescription: "Hyper", keyval: IBUS_KEY_h, state: IBUS_HYPER_MASK.rawValue, text: "h",
             name: "h", hasCommandModifiers: true),
        Case(testDescription: "Meta", keyval: IBUS_KEY_m, state: IBUS_META_MASK.rawValue, text: "m",
             name: "m", hasCommandModifiers: true),
        Case(testDescription: "Caps Lock and Num Lock are not commands", keyval: IBUS_KEY_A,
             state: IBUS_LOCK_MASK.rawValue | IBUS_MOD2_MASK.rawValue, text: "A", name: "A"),
    ])
    func keyIsReadOffItsKeysymAndModifiers(_ expected: Case) {
        let key = InputMethodKey(keyval: UInt32(expected.keyval), keycode: 38, state: expected.state)
        #expect(key.text == expected.text)
        #expect(key.name == expected.name)
        #expect(key.isRelease == expected.isRelease)
        #expect(key.hasCommandModifiers == expected.hasCommandModifiers)
    }

    @Test func namesAreRightFromManyTasksAtOnce() async {
        // ibus_keyval_name writes Unicode and unknown names into one static buffer.
        let names = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<200 {
                group.addTask {
                    let scalar = 0x4E00 + UInt32(index)
                    let key = InputMethodKey(keyval: 0x0100_0000 | scalar)
                    return key.name == "U+" + String(scalar, radix: 16, uppercase: true)
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(names.allSatisfy { $0 })
        #expect(names.count == 200)
    }
}
