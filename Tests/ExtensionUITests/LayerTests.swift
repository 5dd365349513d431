import ExtensionUI
import Foundation
import Testing

@MainActor
@Suite("Layers and sliders, kept for the code that sets them")
struct LayerTests {
    @Test("view.layer is made once and keeps what the code sets; UIColor.cgColor round-trips")
    func layer() {
        let view = UIView()
        view.layer.cornerRadius = 8
        view.layer.borderWidth = 1
        view.layer.borderColor = UIColor.systemBlue.cgColor
        #expect(view.layer === view.layer)
        #expect(view.layer.cornerRadius == 8)
        let border = view.layer.borderColor.map { UIColor(cgColor: $0) }
        #expect(border == .systemBlue)
    }

    @Test("a slider clamps its value; the person's move sends valueChanged, setValue does not")
    func slider() {
        let slider = UISlider()
        slider.minimumValue = 0
        slider.maximumValue = 10
        var sent: [Float] = []
        slider.addAction(UIAction { [weak slider] _ in sent.append(slider?.value ?? -1) }, for: .valueChanged)
        slider.setValue(42, animated: false)
        #expect(slider.value == 10)
        #expect(sent.isEmpty)
        slider.personMoved(to: -3)
        #expect(slider.value == 0)
        #expect(sent == [0])
    }
}
