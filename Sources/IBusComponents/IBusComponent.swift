/// An IBus component: the program that serves engines, and the engines it serves.
///
/// `xml()` is the file IBus reads from a directory on `IBUS_COMPONENT_PATH` (by default only
/// `/usr/share/ibus/component`); `withIBusEngines(register: true)` sends the same description
/// to the daemon at run time instead.
public struct IBusComponent: Sendable, Hashable {
    /// The component's bus name, such as "org.appex.Keyboard".
    public var name: String
    /// What the component is, for people.
    public var description: String
    /// The command line ibus-daemon runs to start the component (it adds nothing; by
    /// convention it ends in `--ibus`).
    public var exec: String
    /// The component's version.
    public var version: String
    /// The license, such as "MIT"; also each engine's.
    public var license: String
    /// The author, such as "Name <mail>"; also each engine's.
    public var author: String
    /// The project's web page; omitted from the XML when empty.
    public var homepage: String
    /// The gettext domain of the engines' names; omitted from the XML when empty.
    public var textdomain: String
    /// The engines the component serves.
    public var engines: [Engine]

    /// A component with the given fields.
    public init(name: String, description: String, exec: String, version: String,
                license: String, author: String, homepage: String = "", textdomain: String = "",
                engines: [Engine]) {
        self.name = name
        self.description = description
        self.exec = exec
        self.version = version
        self.license = license
        self.author = author
        self.homepage = homepage
        self.textdomain = textdomain
        self.engines = engines
    }

    /// One engine of the component, as IBus lists it (`IBusEngineDesc`).
    public struct Engine: Sendable, Hashable {
        /// The engine's unique name, such as "appex:com.example.pinyin".
        public var name: String
        /// The name shown to people.
        public var longName: String
        /// What the engine does, for people.
        public var description: String
        /// The language code, such as "zh" or "en".
        public var language: String
        /// The keyboard layout, or "default" for the user's current one.
        public var layout: String
        /// An icon name or path; omitted from the XML when empty.
        public var icon: String
        /// Higher ranks are preferred among engines of one language.
        public var rank: Int

        /// An engine with the given fields.
        public init(name: String, longName: String, description: String, language: String,
                    layout: String = "default", icon: String = "", rank: Int = 0) {
            self.name = name
            self.longName = longName
            self.description = description
            self.language = language
            self.layout = layout
            self.icon = icon
            self.rank = rank
        }
    }

    /// The component XML IBus reads, with every value escaped. With `enginesCommand`, the
    /// engines are not listed: IBus runs the command when it loads the component and reads
    /// the engines from its output (`<engines exec="…"/>`, as ibus-m17n's component does), so
    /// the file stays right as engines come and go.
    public func xml(enginesCommand: String? = nil) -> String {
        var lines = [#"<?xml version="1.0" encoding="utf-8"?>"#, "<component>"]
        for (tag, value, optional) in [("name", name, false), ("description", description, false), ("exec", exec, false),
                                       ("version", version, false), ("author", author, false), ("license", license, false),
                                       ("homepage", homepage, true), ("textdomain", textdomain, true)] where !(optional && value.isEmpty) {
            lines.append("    <\(tag)>\(XMLText.escape(value))</\(tag)>")
        }
        if let enginesCommand {
            lines.append("    <engines exec=\"\(XMLText.escape(enginesCommand))\"/>")
        } else {
            lines += engineLines(depth: 1)
        }
        lines.append("</component>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The `<engines>` element alone: what an engines command prints.
    public func enginesXML() -> String {
        engineLines(depth: 0).joined(separator: "\n") + "\n"
    }

    private func engineLines(depth: Int) -> [String] {
        let outer = String(repeating: "    ", count: depth)
        var lines = [outer + "<engines>"]
        for engine in engines {
            lines.append(outer + "    <engine>")
            for (tag, value, optional) in [("name", engine.name, false), ("longname", engine.longName, false),
                                           ("description", engine.description, false), ("language", engine.language, false),
                                           ("license", license, false), ("author", author, false), ("icon", engine.icon, true),
                                           ("layout", engine.layout, false), ("rank", String(engine.rank), false)]
            where !(optional && value.isEmpty) {
                lines.append(outer + "        <\(tag)>\(XMLText.escape(value))</\(tag)>")
            }
            lines.append(outer + "    </engine>")
        }
        lines.append(outer + "</engines>")
        return lines
    }
}
