extension ViewSnapshot {
    /// The elements line by line as the view lays them out: the elements of one horizontal
    /// stack (one ``Element/row``) side by side on a line, every other element on a line of
    /// its own — a keyboard's rows of keys, as the terminal and the web panel draw them.
    public var lines: [[Element]] {
        var lines: [[Element]] = []
        for element in elements {
            if let last = lines.last?.last, last.row != nil, last.row == element.row {
                lines[lines.count - 1].append(element)
            } else {
                lines.append([element])
            }
        }
        return lines
    }
}
