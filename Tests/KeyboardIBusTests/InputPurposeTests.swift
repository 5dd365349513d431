import KeyboardIBus
import Testing

/// IBus's numbering of content purposes.
@Suite struct InputPurposeTests {
    @Test(arguments: InputPurpose.allCases)
    func purposeSurvivesItsIBusNumber(_ purpose: InputPurpose) {
        #expect(InputPurpose(ibusPurpose: purpose.ibusPurpose) == purpose)
    }

    @Test func numbersAreIBus() {
        #expect(InputPurpose.freeForm.ibusPurpose == 0)
        #expect(InputPurpose.password.ibusPurpose == 8)
        #expect(InputPurpose.terminal.ibusPurpose == 10)
    }

    @Test func anUnknownNumberIsFreeForm() {
        #expect(InputPurpose(ibusPurpose: 99) == .freeForm)
    }
}
