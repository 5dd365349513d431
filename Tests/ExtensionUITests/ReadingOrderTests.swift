import ExtensionUI
import Foundation
import Testing

@MainActor
@Suite("What a host shows of a view tree")
struct ReadingOrderTests {
    /// A tree and what a person reads of it: `kind:text` for each element.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let build: @MainActor @Sendable (UIView) -> Void
        let shown: [String]
        var testDescription: String { name }
    }

    nonisolated static let cases: [Case] = [
        Case(name: "a bold label is a heading, a small or secondary one a caption", build: { view in
            view.addSubview(label("Notes", font: .boldSystemFont(ofSize: 17)))
            view.addSubview(label("Saved 3 minutes ago", font: .systemFont(ofSize: 11)))
            view.addSubview(label("Groceries"))
            view.addSubview(label("2 more", color: .secondaryLabel))
        }, shown: ["heading:Notes", "caption:Saved 3 minutes ago", "text:Groceries", "caption:2 more"]),
        Case(name: "hidden views, views of alpha 0 and empty labels are left out", build: { view in
            let hidden = label("hidden")
            hidden.isHidden = true
            let clear = UIView()
            clear.alpha = 0
            clear.addSubview(label("inside a clear view"))
            view.addSubview(hidden)
            view.addSubview(clear)
            view.addSubview(label(""))
            view.addSubview(label("shown"))
        }, shown: ["text:shown"]),
        Case(name: "frames order siblings top to bottom, then leading to trailing; equal frames keep the order added", build: { view in
            let bottom = label("bottom")
            bottom.frame = CGRect(x: 0, y: 100, width: 10, height: 10)
            let right = label("right")
            right.frame = CGRect(x: 50, y: 10, width: 10, height: 10)
            let left = label("left")
            left.frame = CGRect(x: 0, y: 10, width: 10, height: 10)
            [bottom, right, left, label("first unplaced"), label("second unplaced")].forEach(view.addSubview)
        }, shown: ["text:first unplaced", "text:second unplaced", "text:left", "text:right", "text:bottom"]),
        Case(name: "a horizontal stack of two labels is a row; of a label and a switch, a labelled switch", build: { view in
            let row = UIStackView(arrangedSubviews: [label("Bike lights"), label("out for delivery")])
            let setting = UIStackView(arrangedSubviews: [label("Public"), UISwitch()])
            let column = UIStackView(arrangedSubviews: [label("a"), label("b")])
            column.axis = .vertical
            [row, setting, column].forEach(view.addSubview)
        }, shown: ["row:Bike lights|out for delivery", "toggle:Public=false", "text:a", "text:b"]),
        Case(name: "images, buttons, fields, text views and a spinning indicator", build: { view in
            let image = UIImageView(image: UIImage(data: ImageSamples.png))
            image.accessibilityLabel = "a red dot"
            let button = UIButton(type: .system)
            button.setTitle("Open Notes", for: .normal)
            let field = UITextField()
            field.placeholder = "Name"
            let text = UITextView()
            text.text = "Long text"
            let spinner = UIActivityIndicatorView(style: .medium)
            spinner.startAnimating()
            let stopped = UIActivityIndicatorView(style: .medium)
            [image, button, field, text, spinner, stopped].forEach(view.addSubview)
        }, shown: ["image:a red dot", "button:Open Notes", "textField:", "textView:Long text", "activity:"]),
    ]

    @Test(arguments: cases)
    func reads(_ testCase: Case) {
        let host = ViewHost(root: TreeController(testCase.build), context: nil)
        let shown = host.present().elements.map { element -> String in
            switch element.kind {
            case .row: "row:\(element.text ?? "")|\(element.detail ?? "")"
            case .toggle: "toggle:\(element.text ?? "")=\(element.isOn ?? false)"
            default: "\(element.kind.rawValue):\(element.text ?? "")"
            }
        }
        #expect(shown == testCase.shown)
    }

    @Test("an image element carries the image's bytes as the file had them")
    func imageBytes() throws {
        let image = try #require(UIImage(data: ImageSamples.png))
        let host = ViewHost(root: TreeController { $0.addSubview(UIImageView(image: image)) }, context: nil)
        #expect(host.present().elements.first?.image == ImageSamples.png)
    }
}
