import ExtensionUI
import Foundation
import Testing

@MainActor
@Suite("Layout constraints")
struct LayoutTests {
    @Test("an activated constraint belongs to the closest view holding both items; removing a view deactivates its ties outside")
    func activation() {
        let root = UIView()
        let card = UIView()
        let title = UILabel()
        root.addSubview(card)
        card.addSubview(title)
        let inside = title.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 16)
        let outside = title.topAnchor.constraint(equalTo: root.topAnchor, constant: 8)
        let height = title.heightAnchor.constraint(equalToConstant: 22)
        NSLayoutConstraint.activate([inside, outside, height])
        #expect(inside.isActive && outside.isActive && height.isActive)
        #expect(card.constraints.contains { $0 === inside })
        #expect(root.constraints.contains { $0 === outside })
        #expect(title.constraints.contains { $0 === height })
        #expect(inside.constant == 16)
        card.removeFromSuperview()
        #expect(!outside.isActive, "it tied the removed card's label to the root")
        #expect(inside.isActive, "both of its items left together")
    }

    @Test("a constraint between views with no common ancestor stays inactive")
    func unrelated() {
        let constraint = UIView().widthAnchor.constraint(equalTo: UIView().widthAnchor, multiplier: 0.5)
        constraint.isActive = true
        #expect(!constraint.isActive)
        #expect(constraint.multiplier == 0.5)
    }
}
