import CIBus
import KeyboardIBus
import Testing

/// The component XML, which IBus reads from IBUS_COMPONENT_PATH.
@Suite struct IBusComponentTests {
    static let component = IBusComponent(
        name: "org.appex.Keyboard", description: "Appex keyboards & more", exec: "/usr/bin/appex keyboard --ibus",
        version: "1.2", license: "Apache-2.0", author: "Appex <dev@appex.example>",
        homepage: "https://appex.example/?a=1&b=2", textdomain: "appex",
        engines: [
            .init(name: "appex:com.example.pinyin", longName: "Pinyin \"拼音\"", description: "Chinese <pinyin>",
                  language: "zh", icon: "/usr/share/appex/pinyin.svg", rank: 5),
            .init(name: "appex:com.example.emoji", longName: "Emoji's", description: "Emoji", language: "en"),
        ])

    @Test func xmlIsIBusComponentXMLWithEveryValueEscaped() {
        #expect(Self.component.xml() == """
            <?xml version="1.0" encoding="utf-8"?>
            <component>
                <name>org.appex.Keyboard</name>
                <description>Appex keyboards &amp; more</description>
                <exec>/usr/bin/appex keyboard --ibus</exec>
                <version>1.2</version>
                <author>Appex &lt;dev@appex.example&gt;</author>
                <license>Apache-2.0</license>
                <homepage>https://appex.example/?a=1&amp;b=2</homepage>
                <textdomain>appex</textdomain>
                <engines>
                    <engine>
                        <name>appex:com.example.pinyin</name>
                        <longname>Pinyin &quot;拼音&quot;</longname>
                        <description>Chinese &lt;pinyin&gt;</description>
                        <language>zh</language>
                        <license>Apache-2.0</license>
                        <author>Appex &lt;dev@appex.example&gt;</author>
                        <icon>/usr/share/appex/pinyin.svg</icon>
                        <layout>default</layout>
                        <rank>5</rank>
                    </engine>
                    <engine>
                        <name>appex:com.example.emoji</name>
                        <longname>Emoji&apos;s</longname>
                        <description>Emoji</description>
                        <language>en</language>
                        <license>Apache-2.0</license>
                        <author>Appex &lt;dev@appex.example&gt;</author>
                        <layout>default</layout>
                        <rank>0</rank>
                    </engine>
                </engines>
            </component>

            """)
    }

    @Test func libibusReadsTheXMLBack() throws {
        let node = try #require(ibus_xml_parse_buffer(Self.component.xml()))
        defer { ibus_xml_free(node) }
        let parsed = try #require(ibus_component_new_from_xml_node(node))
        g_object_ref_sink(parsed)
        defer { g_object_unref(parsed) }
        #expect(String(cString: ibus_component_get_name(parsed)) == "org.appex.Keyboard")
        #expect(String(cString: ibus_component_get_description(parsed)) == "Appex keyboards & more")
        #expect(String(cString: ibus_component_get_author(parsed)) == "Appex <dev@appex.example>")
        #expect(String(cString: ibus_component_get_homepage(parsed)) == "https://appex.example/?a=1&b=2")
        var engines: [String] = []
        var list = ibus_component_get_engines(parsed)
        defer { g_list_free(list) }
        while let item = list {
            let desc = item.pointee.data.assumingMemoryBound(to: IBusEngineDesc.self)
            engines.append(String(cString: ibus_engine_desc_get_name(desc)) + " "
                           + String(cString: ibus_engine_desc_get_longname(desc)) + " "
                           + String(ibus_engine_desc_get_rank(desc)))
            list = item.pointee.next
        }
        #expect(engines == ["appex:com.example.pinyin Pinyin \"拼音\" 5", "appex:com.example.emoji Emoji's 0"])
    }

    @Test func emptyOptionalValuesAreLeftOut() {
        var component = Self.component
        component.homepage = ""
        component.textdomain = ""
        component.engines = [.init(name: "appex:x", longName: "X", description: "X", language: "en")]
        let xml = component.xml()
        #expect(!xml.contains("<homepage>"))
        #expect(!xml.contains("<textdomain>"))
        #expect(!xml.contains("<icon>"))
    }

    @Test func controlCharactersBecomeReplacementCharacters() {
        var component = Self.component
        component.description = "tab\tbell\u{07}end"
        #expect(component.xml().contains("<description>tab\tbell\u{FFFD}end</description>"))
    }
}
