import IBusComponents

/// What `appex setup` installs so that IBus offers the installed custom keyboards: a
/// component file, and the environment that makes the person's ibus-daemon read its folder.
///
/// ibus-daemon reads components only from `IBUS_COMPONENT_PATH` (which replaces its default)
/// or `/usr/share/ibus/component`; it has no folder of the user's own (ibus's
/// `src/ibusregistry.c`, `ibus_registry_load`, keeps that code under `#if 0`). So the file goes
/// in the user's data folder, and `environment.d` puts that folder and the system's on the
/// variable for the next session (docs/KEYBOARDS.md, "IBus").
enum IBusSetup {
    /// The component file's folder under `dataHome`.
    static func componentFolder(dataHome: String) -> String {
        dataHome + "/appex/ibus/component"
    }

    /// The component: `appex keyboard ibus --ibus` serves the engines, and IBus reads them
    /// from `appex keyboard ibus --xml` when it loads the file, so that keyboards installed
    /// later are offered after `ibus write-cache` with no new setup.
    static func component(program: String) -> String {
        let program = shellQuoted(program)
        return IBusComponent(name: "org.appex.Keyboards", description: "Appex custom keyboards: iOS keyboard extensions as input methods",
                      exec: "\(program) keyboard ibus --ibus", version: "1.0", license: "Apache-2.0", author: "Appex",
                      engines: [])
            .xml(enginesCommand: "\(program) keyboard ibus --xml")
    }

    /// `path` as one word of a shell command line (IBus splits `exec` as a shell would).
    static func shellQuoted(_ path: String) -> String {
        let plain = path.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0.properties.numericType != nil || "/._-+".unicodeScalars.contains($0) }
        return plain ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The `environment.d` line: the component folder, then the system's.
    static func environment(dataHome: String) -> String {
        "# appex setup: ibus-daemon reads the custom keyboards' component (docs/KEYBOARDS.md)\n"
            + "IBUS_COMPONENT_PATH=\(componentFolder(dataHome: dataHome)):/usr/share/ibus/component\n"
    }

    /// What the person does for IBus to see it before their next session.
    static func note(dataHome: String) -> String {
        "IBus offers the custom keyboards from the next session (environment.d); now: "
            + "IBUS_COMPONENT_PATH=\(componentFolder(dataHome: dataHome)):/usr/share/ibus/component ibus write-cache && ibus restart"
    }
}
