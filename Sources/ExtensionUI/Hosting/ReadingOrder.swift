import Foundation

/// Turns a view tree into the ``ViewSnapshot/Element``s a person reads, in order.
@MainActor
struct ReadingOrder {
    let registry: ViewRegistry

    /// The elements of `root`'s tree.
    func elements(_ root: UIView) -> [ViewSnapshot.Element] {
        var elements: [ViewSnapshot.Element] = []
        collect(root, row: nil, into: &elements)
        return elements
    }

    /// `row`: the innermost horizontal stack around `view`, whose elements sit side by side.
    private func collect(_ view: UIView, row: Int?, into elements: inout [ViewSnapshot.Element]) {
        guard !view.isHidden, view.alpha > 0.01 else { return }
        if var element = element(for: view) {
            element.row = row
            elements.append(element)
            return
        }
        let inner = (view as? UIStackView).map { $0.axis == .horizontal ? registry.id(of: $0) : nil } ?? row
        for child in orderedChildren(of: view) { collect(child, row: inner, into: &elements) }
    }

    /// The element a view is on its own, or `nil` when it is a container (or shows nothing).
    private func element(for view: UIView) -> ViewSnapshot.Element? {
        let id = registry.id(of: view)
        switch view {
        case let label as UILabel:
            guard let text = label.text, !text.isEmpty else { return nil }
            return ViewSnapshot.Element(kind: Self.kind(of: label), id: id, text: text)
        case let imageView as UIImageView:
            guard let image = imageView.image else { return nil }
            return ViewSnapshot.Element(kind: .image, id: id, text: imageView.accessibilityLabel ?? "", image: image.imageData)
        case let button as UIButton:
            let title = button.currentTitle ?? button.accessibilityLabel ?? button.currentImage.map { _ in "Image" } ?? ""
            return ViewSnapshot.Element(kind: .button, id: id, text: title, isEnabled: button.isEnabled && button.isUserInteractionEnabled)
        case let field as UITextField:
            return ViewSnapshot.Element(kind: .textField, id: id, text: field.isSecureTextEntry ? String(repeating: "•", count: field.text?.count ?? 0) : field.text ?? "",
                                        placeholder: field.placeholder, isEnabled: field.isEnabled)
        case let textView as UITextView:
            return ViewSnapshot.Element(kind: .textView, id: id, text: textView.text ?? "", isEnabled: textView.isEditable)
        case let toggle as UISwitch:
            return ViewSnapshot.Element(kind: .toggle, id: id, text: toggle.accessibilityLabel ?? "", isOn: toggle.isOn, isEnabled: toggle.isEnabled)
        case let spinner as UIActivityIndicatorView:
            guard spinner.isAnimating || !spinner.hidesWhenStopped else { return nil }
            return ViewSnapshot.Element(kind: .activity, id: id, text: spinner.accessibilityLabel)
        case let stack as UIStackView where stack.axis == .horizontal:
            return pair(in: stack)
        default:
            return nil
        }
    }

    /// A horizontal stack of a label and a label (a row) or a label and a switch (a
    /// labelled switch) reads as one element.
    private func pair(in stack: UIStackView) -> ViewSnapshot.Element? {
        let shown = stack.arrangedSubviews.filter { !$0.isHidden && $0.alpha > 0.01 }
        guard shown.count == 2, let label = shown[0] as? UILabel, let text = label.text else { return nil }
        switch shown[1] {
        case let detail as UILabel:
            return ViewSnapshot.Element(kind: .row, id: registry.id(of: stack), text: text, detail: detail.text ?? "")
        case let toggle as UISwitch:
            return ViewSnapshot.Element(kind: .toggle, id: registry.id(of: toggle), text: text, isOn: toggle.isOn, isEnabled: toggle.isEnabled)
        default:
            return nil
        }
    }

    /// A label in a bold or large font is a heading; in a small font or a translucent
    /// (secondary) colour, a caption.
    private static func kind(of label: UILabel) -> ViewSnapshot.Element.Kind {
        let font = label.font ?? .systemFont(ofSize: UIFont.labelFontSize)
        if font.isBold || font.pointSize >= 20 { return .heading }
        if font.pointSize < 13 || (label.textColor?.alpha ?? 1) < 1 || label.textColor == .secondaryLabel { return .caption }
        return .text
    }

    /// A stack's arranged views, then its other subviews; any other view's subviews by
    /// their frames, top to bottom and leading to trailing, in the order added when equal.
    private func orderedChildren(of view: UIView) -> [UIView] {
        if let stack = view as? UIStackView {
            return stack.arrangedSubviews + stack.subviews.filter { subview in !stack.arrangedSubviews.contains { $0 === subview } }
        }
        return view.subviews.enumerated().sorted { a, b in
            let (fa, fb) = (a.element.frame, b.element.frame)
            if fa.minY != fb.minY { return fa.minY < fb.minY }
            if fa.minX != fb.minX { return fa.minX < fb.minX }
            return a.offset < b.offset
        }.map(\.element)
    }
}
